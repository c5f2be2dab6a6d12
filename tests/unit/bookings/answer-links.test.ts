// The links staff answer a chosen time with: signed, for one request and one
// answer, expiring at the consultation's start; altered, they are refused.
import { describe, expect, it } from 'vitest';
import { answerLinks, checkAnswerLink } from '../../../src/server/bookings/answer-links.ts';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const ID = '01JDQ6V9W7KXAMPBE0000000AB';
const START = new Date('2026-11-30T05:30:00Z');
const BEFORE = new Date('2026-11-28T07:00:00Z');
const links = answerLinks(ID, { secret: SECRET, origin: 'https://www.example.co.ke' }, START);

describe('a booking answer link', () => {
  it('names the request and the answer on the site’s origin, and is accepted until the consultation starts', () => {
    expect(links.confirm).toMatch(
      /^https:\/\/www\.example\.co\.ke\/api\/v1\/bookings\/01JDQ6V9W7KXAMPBE0000000AB\/confirm\?expires=\d+&signature=[\w-]+$/,
    );
    expect(checkAnswerLink(new URL(links.confirm), SECRET, BEFORE)).toEqual({
      ok: true,
      submissionId: ID,
      answer: 'confirm',
    });
    expect(checkAnswerLink(new URL(links.decline), SECRET, BEFORE)).toEqual({
      ok: true,
      submissionId: ID,
      answer: 'decline',
    });
    expect(checkAnswerLink(new URL(links.confirm), SECRET, START)).toMatchObject({ ok: false, status: 410 });
  });

  it('is refused when altered: another answer, another request, a later expiry, another secret', () => {
    const swapped = new URL(links.confirm.replace('/confirm?', '/decline?'));
    const other = new URL(links.confirm.replace(ID, '01JDQ6V9W7KXAMPBE0000000AC'));
    const later = new URL(links.confirm);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 86_400));
    for (const url of [swapped, other, later])
      expect(checkAnswerLink(url, SECRET, BEFORE)).toMatchObject({ ok: false, status: 403 });
    expect(checkAnswerLink(new URL(links.confirm), 'another-secret', BEFORE)).toMatchObject({ ok: false, status: 403 });
  });

  it('is no link at all without its parts, or for an answer there is none of', () => {
    for (const href of [
      'https://www.example.co.ke/api/v1/bookings/01JDQ6V9W7KXAMPBE0000000AB/confirm',
      'https://www.example.co.ke/api/v1/bookings/not-an-id/confirm?expires=1&signature=x',
      'https://www.example.co.ke/api/v1/bookings/01JDQ6V9W7KXAMPBE0000000AB/cancel?expires=1&signature=x',
    ])
      expect(checkAnswerLink(new URL(href), SECRET, BEFORE)).toMatchObject({ ok: false, status: 400 });
  });
});
