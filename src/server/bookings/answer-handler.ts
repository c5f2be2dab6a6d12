// GET and POST /api/v1/bookings/<id>/<confirm|decline>: staff answering a
// consultation request's chosen time from the notification (answer-links.ts).
// Opening the link only shows a short page with one button, as mail scanners
// open links; the button's POST answers. An answer is a row of
// booking_answers, claimed by its primary key in the transaction that books or
// frees the time, so a second click, a retry, or a confirm and decline at once
// say what was done and do nothing again. Confirming books the held time and
// e-mails the visitor the confirmation and invitation; declining frees the
// time and e-mails the visitor a link to choose another.
import { pathInLanguage } from '../../lib/i18n/paths.ts';
import { formatNairobiTime } from '../../lib/nairobi-time.ts';
import { openDatabase, type Database, type Queryable } from '../db/database.ts';
import { documentLinkSecret } from '../documents/links.ts';
import { actionPage } from '../http/action-page.ts';
import { logError, type ErrorLogger } from '../http/responses.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from '../notify/settings.ts';
import type { ConsultationRecord } from '../submissions/record.ts';
import { describeValue } from '../submissions/record-labels.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../submissions/rows.ts';
import { checkAnswerLink, type BookingAnswer } from './answer-links.ts';
import { bookSlot, releaseHold, type Hold } from './holds.ts';
import { confirmationMail, declineMail } from './visitor-mail.ts';

export interface AnswerDeps {
  /** The records' database; defaults to this deploy's (db/database.ts). */
  db?: Database;
  settings?: () => Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'>;
  now?: () => Date;
  log?: ErrorLogger;
}

interface Answered {
  answer: BookingAnswer;
  at: string;
}

/** Staff's answer to request `id`, if there is one. */
async function answerOf(db: Queryable, id: string): Promise<Answered | undefined> {
  const [row] = await db.query<{ answer: BookingAnswer; answered_at: Date }>(
    `SELECT answer, answered_at FROM booking_answers WHERE submission_id = $1`,
    [id],
  );
  return row && { answer: row.answer, at: row.answered_at.toISOString() };
}

/** The consultation request `id`, if one is stored. */
async function consultationOf(db: Queryable, id: string): Promise<ConsultationRecord | undefined> {
  const [row] = await db.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE id = $1 AND type = 'consultation'`,
    [id],
  );
  return row && (recordFromRow(row) as ConsultationRecord);
}

/** The time was not booked (its hold lapsed and was taken): the answer's claim is rolled back with it. */
class NotHeld extends Error {}

/**
 * Records `answer` to request `id` and books or frees its time, in one
 * transaction: 'already' (with the answer that stands) if one was recorded
 * first, the booked hold when confirmed, else undefined.
 */
function answerRequest(db: Database, id: string, answer: BookingAnswer, place: string, start: string, now: Date) {
  return db.transaction(async (tx): Promise<{ earlier: Answered } | { booked?: Hold }> => {
    const claimed = await tx.query(
      `INSERT INTO booking_answers (submission_id, answer, answered_at) VALUES ($1, $2, $3)
       ON CONFLICT (submission_id) DO NOTHING RETURNING submission_id`,
      [id, answer, now],
    );
    if (claimed.length === 0) return { earlier: (await answerOf(tx, id)) ?? { answer, at: now.toISOString() } };
    if (answer === 'decline') {
      await releaseHold(tx, id);
      return {};
    }
    const booked = await bookSlot(tx, place, start, id);
    if (!booked) throw new NotHeld();
    return { booked };
  });
}

/** A short page for staff; its only form posts back to this very link. */
const page = (status: number, title: string, lines: string[], button?: string): Response =>
  actionPage({ status, title, lines, ...(button ? { button } : {}) });

const done = { confirm: 'confirmed', decline: 'declined' } as const;

export function createAnswerHandler(deps: AnswerDeps = {}) {
  const readSettings = deps.settings ?? notificationSettingsFromEnv;
  const log = deps.log ?? logError;
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'POST')
      return page(405, 'Not here', ['This address answers a consultation request from its link.']);
    const now = deps.now?.() ?? new Date();
    try {
      const db = deps.db ?? openDatabase();
      const link = checkAnswerLink(new URL(request.url), await documentLinkSecret(db), now);
      if (!link.ok) return page(link.status, 'This link cannot be used', [link.message]);
      const { submissionId: id, answer } = link;
      const record = await consultationOf(db, id);
      const place = record?.fields.meeting_place;
      const start = record?.fields.slot;
      if (!record || !place || !start)
        return page(404, 'No such request', [`No consultation request with a chosen time has the reference ${id}.`]);
      const time = `${formatNairobiTime(start)}, ${describeValue('consultation', 'meeting_place', place)}`;
      if (request.method === 'GET') {
        const earlier = await answerOf(db, id);
        if (earlier) return alreadyAnswered(earlier, time);
        const verb = answer === 'confirm' ? 'Confirm' : 'Decline';
        return page(
          200,
          `${verb} the consultation on ${time}?`,
          [
            `Reference ${id}. Nothing is changed until you press the button.`,
            answer === 'confirm'
              ? 'The visitor will be e-mailed the confirmation and a calendar invitation.'
              : 'The time will be offered again, and the visitor e-mailed a link to choose another.',
          ],
          verb,
        );
      }
      let answered;
      try {
        answered = await answerRequest(db, id, answer, place, start, now);
      } catch (error) {
        if (!(error instanceof NotHeld)) throw error;
        return page(409, 'The time is no longer held', [
          `The hold on ${time} lapsed and another request has taken it. Please agree another time with the visitor.`,
        ]);
      }
      if ('earlier' in answered) return alreadyAnswered(answered.earlier, time);
      const settings = readSettings();
      if (answered.booked)
        return await tell(settings, confirmationMail(record, answered.booked, settings, now), log, id, [
          `Confirmed: ${time}.`,
        ]);
      const formUrl = new URL(pathInLanguage('/practice-areas', record.language ?? 'en'), settings.siteUrl).href;
      return await tell(settings, declineMail(record, formUrl, settings), log, id, [
        `Declined: ${time} is offered again.`,
      ]);
    } catch (error) {
      log({ what: 'answer a consultation request', detail: error instanceof Error ? error.message : String(error) });
      return page(500, 'Not answered', [
        'The answer could not be recorded just now. Please try again in a few minutes.',
      ]);
    }
  };
}

function alreadyAnswered(earlier: Answered, time: string): Response {
  return page(200, `Already ${done[earlier.answer]}`, [
    `The consultation on ${time} was ${done[earlier.answer]} on ${formatNairobiTime(earlier.at)}. Nothing was changed.`,
  ]);
}

/** E-mails the visitor; the answer stands whether or not that works, and the page says which. */
async function tell(
  settings: Pick<NotificationSettings, 'mailer'>,
  mail: Parameters<NonNullable<NotificationSettings['mailer']>['send']>[0],
  log: ErrorLogger,
  id: string,
  lines: string[],
): Promise<Response> {
  try {
    if (!settings.mailer) throw new Error('notifications are off');
    await settings.mailer.send(mail);
    return page(200, 'Done', [...lines, 'The visitor has been e-mailed.']);
  } catch (error) {
    log({ what: 'e-mail the visitor the answer', submissionId: id, detail: String(error) });
    return page(200, 'Done, but the visitor was not e-mailed', [
      ...lines,
      'The e-mail to the visitor could not be sent: please reply to them yourself.',
    ]);
  }
}
