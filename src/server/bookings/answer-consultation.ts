// Staff's answer to a consultation request's chosen time, from the e-mail link's
// button (answer-handler.ts) or the staff desk (src/server/desk/): one answer,
// claimed by its primary key in the transaction that books or frees the time,
// so a second click, a retry or a confirm and decline at once say what was done
// and do nothing again. Confirming books the held time and e-mails the visitor
// the confirmation and invitation; declining frees the time and e-mails the
// visitor a link to choose another.
import { pathInLanguage } from '../../lib/i18n/paths.ts';
import { formatNairobiTime } from '../../lib/nairobi-time.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { ErrorLogger } from '../http/responses.ts';
import type { NotificationSettings } from '../notify/settings.ts';
import type { ConsultationRecord } from '../submissions/record.ts';
import { describeValue } from '../submissions/record-labels.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../submissions/rows.ts';
import type { BookingAnswer } from './answer-links.ts';
import { bookSlot, releaseHold, type Hold } from './holds.ts';
import { confirmationMail, declineMail } from './visitor-mail.ts';

/** What answering did, as a page or the desk says it: a status, a title and its lines. */
export interface AnswerOutcome {
  status: number;
  title: string;
  lines: string[];
}

export interface Answered {
  answer: BookingAnswer;
  at: string;
}

/** Staff's answer to request `id`, if there is one. */
export async function answerOf(db: Queryable, id: string): Promise<Answered | undefined> {
  const [row] = await db.query<{ answer: BookingAnswer; answered_at: Date }>(
    `SELECT answer, answered_at FROM booking_answers WHERE submission_id = $1`,
    [id],
  );
  return row && { answer: row.answer, at: row.answered_at.toISOString() };
}

/** The consultation request `id`, if one is stored. */
export async function consultationOf(db: Queryable, id: string): Promise<ConsultationRecord | undefined> {
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

const done = { confirm: 'confirmed', decline: 'declined' } as const;

/** The request's chosen time as staff read it ("Tue 2 Dec, 10:00, Nairobi office"), if it chose one. */
export function chosenTimeOf(
  record: ConsultationRecord | undefined,
): { place: string; start: string; time: string } | undefined {
  const place = record?.fields.meeting_place;
  const start = record?.fields.slot;
  if (!place || !start) return undefined;
  return {
    place,
    start,
    time: `${formatNairobiTime(start)}, ${describeValue('consultation', 'meeting_place', place)}`,
  };
}

export function alreadyAnswered(earlier: Answered, time: string): AnswerOutcome {
  return {
    status: 200,
    title: `Already ${done[earlier.answer]}`,
    lines: [
      `The consultation on ${time} was ${done[earlier.answer]} on ${formatNairobiTime(earlier.at)}. Nothing was changed.`,
    ],
  };
}

/** Answers request `id` with `answer`, e-mailing the visitor; what was done. */
export async function answerConsultation(
  db: Database,
  id: string,
  answer: BookingAnswer,
  {
    settings,
    log,
    now,
  }: { settings: Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'>; log: ErrorLogger; now: Date },
): Promise<AnswerOutcome> {
  const record = await consultationOf(db, id);
  const chosen = chosenTimeOf(record);
  if (!record || !chosen)
    return {
      status: 404,
      title: 'No such request',
      lines: [`No consultation request with a chosen time has the reference ${id}.`],
    };
  let answered;
  try {
    answered = await answerRequest(db, id, answer, chosen.place, chosen.start, now);
  } catch (error) {
    if (!(error instanceof NotHeld)) throw error;
    return {
      status: 409,
      title: 'The time is no longer held',
      lines: [
        `The hold on ${chosen.time} lapsed and another request has taken it. Please agree another time with the visitor.`,
      ],
    };
  }
  if ('earlier' in answered) return alreadyAnswered(answered.earlier, chosen.time);
  if (answered.booked)
    return tell(settings, confirmationMail(record, answered.booked, settings, now), log, id, [
      `Confirmed: ${chosen.time}.`,
    ]);
  const formUrl = new URL(pathInLanguage('/practice-areas', record.language ?? 'en'), settings.siteUrl).href;
  return tell(settings, declineMail(record, formUrl, settings), log, id, [
    `Declined: ${chosen.time} is offered again.`,
  ]);
}

/** E-mails the visitor; the answer stands whether or not that works, and the page says which. */
async function tell(
  settings: Pick<NotificationSettings, 'mailer'>,
  mail: Parameters<NonNullable<NotificationSettings['mailer']>['send']>[0],
  log: ErrorLogger,
  id: string,
  lines: string[],
): Promise<AnswerOutcome> {
  try {
    if (!settings.mailer) throw new Error('notifications are off');
    await settings.mailer.send(mail);
    return { status: 200, title: 'Done', lines: [...lines, 'The visitor has been e-mailed.'] };
  } catch (error) {
    log({ what: 'e-mail the visitor the answer', submissionId: id, detail: String(error) });
    return {
      status: 200,
      title: 'Done, but the visitor was not e-mailed',
      lines: [...lines, 'The e-mail to the visitor could not be sent: please reply to them yourself.'],
    };
  }
}
