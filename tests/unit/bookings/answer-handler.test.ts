// Staff answer a chosen time from the e-mail's links: opening one changes
// nothing (mail scanners open links) and shows a button; its POST confirms —
// the time booked, the visitor e-mailed the confirmation and invitation in
// their language — or declines — the time free again, the visitor asked to
// choose another. A second click says what was done and does nothing again.
import { describe, expect, it } from 'vitest';
import { CONSULTATION_ENDPOINT } from '../../../src/forms/consultation/consultation.ts';
import { createAnswerHandler } from '../../../src/server/bookings/answer-handler.ts';
import { answerLinks } from '../../../src/server/bookings/answer-links.ts';
import { takenStarts } from '../../../src/server/bookings/holds.ts';
import { documentLinkSecret } from '../../../src/server/documents/links.ts';
import { createConsultationHandler } from '../../../src/server/handlers.ts';
import type { OutgoingMail } from '../../../src/server/notify/mail.ts';
import { jsonRequest, validConsultation } from '../../../scripts/lib/sample-requests.ts';
import { requestTime } from '../../support/consultation-with-time.ts';
import { useTestDatabase } from '../../support/database.ts';

const database = useTestDatabase();
/** Friday 27 November 2026, 10:00 in Nairobi. */
const NOW = new Date('2026-11-27T07:00:00Z');
const MONDAY_0830 = '2026-11-30T08:30:00+03:00';
const ORIGIN = 'https://www.example.co.ke';

/** A consultation request for `slot` at `place`, from a page in `lang`; its links and a handler that records mail. */
async function requested(place = 'nairobi', slot = MONDAY_0830, lang = 'en', at = NOW) {
  const id = await requestTime(database.db, { place, slot, lang, now: NOW });
  const links = answerLinks(id, { secret: await documentLinkSecret(database.db), origin: ORIGIN }, new Date(slot));
  const mails: OutgoingMail[] = [];
  const logged: unknown[] = [];
  const handler = createAnswerHandler({
    db: database.db,
    settings: () => ({
      mailer: { send: async (mail) => void mails.push(mail) },
      from: 'site@example.co.ke',
      siteUrl: ORIGIN,
    }),
    now: () => at,
    log: (entry) => logged.push(entry),
  });
  const open = (url: string, method = 'GET') => handler(new Request(url, { method }));
  return { id, links, mails, logged, open };
}

describe('answering a chosen time', () => {
  it('opening a link shows a page with a button and changes nothing', async () => {
    const { links, mails, open } = await requested();
    const page = await open(links.confirm);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await page.text();
    expect(html).toContain(
      'Confirm the consultation on Monday 30 November 2026 at 08:30 (Nairobi time), Nairobi office?',
    );
    expect(html).toMatch(/<form method="post"><button type="submit">Confirm<\/button><\/form>/);
    expect(mails).toEqual([]);
    // Still only held: once the hold lapses, the time is free.
    expect(await takenStarts(database.db, 'nairobi', new Date('2026-12-01T08:00:00Z'))).toEqual(new Set());
  });

  it('confirming books the time and e-mails the visitor the confirmation with an invitation; again, nothing more', async () => {
    const { links, mails, open } = await requested();
    const done = await open(links.confirm, 'POST');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('The visitor has been e-mailed.');
    expect(await takenStarts(database.db, 'nairobi', new Date('2026-12-10T08:00:00Z'))).toEqual(new Set([MONDAY_0830]));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual([validConsultation().email]);
    expect(mail!.subject).toBe('Consultation confirmed: Monday 30 November 2026, 08:30 (Nairobi time)');
    expect(mail!.text).toContain('Nairobi office: ');
    expect(mail!.invitation).toContain('DTSTART:20261130T053000Z');
    expect(mail!.invitation).toContain('METHOD:REQUEST');

    for (const url of [links.confirm, links.decline]) {
      const again = await open(url, 'POST');
      expect(again.status).toBe(200);
      expect(await again.text()).toContain('Already confirmed');
    }
    expect(await (await open(links.decline)).text()).toContain('Already confirmed');
    expect(mails).toHaveLength(1);
  });

  it('declining frees the time and asks the visitor, in Kiswahili when they wrote in it, to choose another', async () => {
    const { links, mails, open } = await requested('video', '2026-11-30T08:00:00+03:00', 'sw');
    expect((await open(links.decline, 'POST')).status).toBe(200);
    expect(await takenStarts(database.db, 'video', NOW)).toEqual(new Set());
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      'Tafadhali chagua muda mwingine: Jumatatu, 30 Novemba 2026, saa 08:00 (saa za Nairobi)',
    );
    expect(mails[0]!.text).toContain(`${ORIGIN}/sw/practice-areas`);
    expect(mails[0]!.invitation).toBeUndefined();
  });

  it('confirms in Kiswahili for a visitor who wrote in it', async () => {
    const { links, mails, open } = await requested('phone', '2026-12-01T09:30:00+03:00', 'sw');
    expect((await open(links.confirm, 'POST')).status).toBe(200);
    expect(mails[0]!.subject).toBe('Mashauriano yamethibitishwa: Jumanne, 1 Desemba 2026, saa 09:30 (saa za Nairobi)');
    expect(mails[0]!.text).toContain('Kwa simu: tutakupigia simu wakati huo.');
  });

  it('refuses an altered link (403) and an expired one (410), changing nothing', async () => {
    const { links, mails, open } = await requested();
    const altered = links.confirm.replace(/signature=.{4}/, 'signature=AAAA');
    expect((await open(altered, 'POST')).status).toBe(403);
    const late = await requested('kakamega', MONDAY_0830, 'en', new Date('2026-11-30T06:00:00Z'));
    expect((await late.open(late.links.confirm, 'POST')).status).toBe(410);
    expect([...mails, ...late.mails]).toEqual([]);
  });

  it('says so when the hold lapsed and another request took the time, leaving the answer open', async () => {
    const friday = '2026-12-04T08:30:00+03:00';
    const first = await requested('kakamega', friday);
    // Two working days on, the hold has lapsed: another visitor takes the time.
    const later = new Date('2026-12-01T08:00:00Z');
    const taken = await createConsultationHandler({
      db: database.db,
      now: () => later,
      notify: async () => {},
      log: () => {},
    })(
      jsonRequest(CONSULTATION_ENDPOINT, {
        form_data: { ...validConsultation(), meeting_place: 'kakamega', slot: friday },
      }),
    );
    expect(taken.status).toBe(200);
    const answer = await first.open(first.links.confirm, 'POST');
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain('another request has taken it');
    expect(first.mails).toEqual([]);
    expect(await database.db.query('SELECT submission_id FROM booking_answers')).toEqual([]);
  });
});
