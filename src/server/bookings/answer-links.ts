// Signed links with which staff answer a consultation request that chose a
// time: confirm or decline, straight from the notification. A link names the
// request, the answer and when it expires (the consultation's start: after
// that there is nothing to answer), and carries an HMAC-SHA256 of the three
// with the secret the document links use (documents/links.ts), marked as a
// booking answer so no document link can pass for one. Opening a link only
// shows a page with a button; the button's POST answers (answer-handler.ts).
//
//   https://www.example.co.ke/api/v1/bookings/<id>/confirm?expires=<unix seconds>&signature=<base64url>
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isSubmissionId } from '../submissions/ids.ts';

const ANSWERS_PATH = '/api/v1/bookings';
const ANSWERS = ['confirm', 'decline'] as const;
export type BookingAnswer = (typeof ANSWERS)[number];

const isAnswer = (text: string): text is BookingAnswer => (ANSWERS as readonly string[]).includes(text);

/** The signature of one answer link. */
const signAnswer = (secret: string, submissionId: string, answer: BookingAnswer, expires: number) =>
  createHmac('sha256', secret).update(`booking-answer\n${submissionId}\n${answer}\n${expires}`).digest('base64url');

/** A link for each answer to request `submissionId`, working until `expiresAt`. */
export function answerLinks(
  submissionId: string,
  { secret, origin }: { secret: string; origin: string },
  expiresAt: Date,
): Record<BookingAnswer, string> {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const link = (answer: BookingAnswer) => {
    const url = new URL(`${ANSWERS_PATH}/${submissionId}/${answer}`, origin);
    url.searchParams.set('expires', String(expires));
    url.searchParams.set('signature', signAnswer(secret, submissionId, answer, expires));
    return url.href;
  };
  return { confirm: link('confirm'), decline: link('decline') };
}

export type AnswerLinkCheck =
  { ok: true; submissionId: string; answer: BookingAnswer } | { ok: false; status: 400 | 403 | 410; message: string };

const PATH = new RegExp(`^${ANSWERS_PATH}/([^/]+)/([^/]+)/?$`);

/** Whether `url` is an answer link this site signed that has not expired; the signature compared in constant time. */
export function checkAnswerLink(url: URL, secret: string, now: Date): AnswerLinkCheck {
  const [, submissionId = '', answer = ''] = PATH.exec(url.pathname) ?? [];
  const expires = url.searchParams.get('expires') ?? '';
  const signature = url.searchParams.get('signature') ?? '';
  if (!isSubmissionId(submissionId) || !isAnswer(answer) || !/^\d{1,12}$/.test(expires) || !signature) {
    return { ok: false, status: 400, message: 'This is not a link to answer a consultation request.' };
  }
  const expected = Buffer.from(signAnswer(secret, submissionId, answer, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 403, message: 'This link is not valid.' };
  }
  if (Number(expires) * 1000 <= now.getTime()) {
    return { ok: false, status: 410, message: 'This link has expired: the consultation’s time has passed.' };
  }
  return { ok: true, submissionId, answer };
}
