// GET and POST /api/v1/bookings/<id>/<confirm|decline>: staff answering a
// consultation request's chosen time from the notification (answer-links.ts).
// Opening the link only shows a short page with one button, as mail scanners
// open links; the button's POST answers. An answer is claimed with a
// create-only write (bookings/answers/<id>), so a second click, or a retry,
// says what was done and does nothing again. Confirming books the held time
// and e-mails the visitor the confirmation and invitation; declining frees the
// time and e-mails the visitor a link to choose another.
import type { Store } from '@netlify/blobs';
import { pathInLanguage } from '../../lib/i18n/paths.ts';
import { formatNairobiTime } from '../../lib/nairobi-time.ts';
import { documentLinkSecret } from '../documents/links.ts';
import { actionPage } from '../http/action-page.ts';
import { logError, type ErrorLogger } from '../http/responses.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from '../notify/settings.ts';
import type { ConsultationRecord } from '../submissions/record.ts';
import { describeValue } from '../submissions/record-labels.ts';
import { openFullSubmissionStore, submissionKeys } from '../submissions/store.ts';
import { checkAnswerLink, type BookingAnswer } from './answer-links.ts';
import { ANSWERS_PREFIX, bookSlot, releaseSlot } from './holds.ts';
import { confirmationMail, declineMail } from './visitor-mail.ts';

export interface AnswerDeps {
  openStore?: () => Pick<Store, 'get' | 'getWithMetadata' | 'set' | 'setJSON' | 'delete'>;
  settings?: () => Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'>;
  now?: () => Date;
  log?: ErrorLogger;
}

interface Answered {
  answer: BookingAnswer;
  at: string;
}

const answerKey = (submissionId: string) => `${ANSWERS_PREFIX}${submissionId}`;

/** A short page for staff; its only form posts back to this very link. */
const page = (status: number, title: string, lines: string[], button?: string): Response =>
  actionPage({ status, title, lines, ...(button ? { button } : {}) });

const done = { confirm: 'confirmed', decline: 'declined' } as const;

export function createAnswerHandler(deps: AnswerDeps = {}) {
  const openStore = deps.openStore ?? openFullSubmissionStore;
  const readSettings = deps.settings ?? notificationSettingsFromEnv;
  const log = deps.log ?? logError;
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'POST')
      return page(405, 'Not here', ['This address answers a consultation request from its link.']);
    const now = deps.now?.() ?? new Date();
    try {
      const store = openStore();
      const link = checkAnswerLink(new URL(request.url), await documentLinkSecret(store), now);
      if (!link.ok) return page(link.status, 'This link cannot be used', [link.message]);
      const { submissionId: id, answer } = link;
      const record = (await store.get(submissionKeys.consultation(id), { type: 'json' })) as ConsultationRecord | null;
      const place = record?.fields.meeting_place;
      const start = record?.fields.slot;
      if (!record || !place || !start)
        return page(404, 'No such request', [`No consultation request with a chosen time has the reference ${id}.`]);
      const time = `${formatNairobiTime(start)}, ${describeValue('consultation', 'meeting_place', place)}`;
      const earlier = (await store.get(answerKey(id), { type: 'json' })) as Answered | null;
      if (earlier) return alreadyAnswered(earlier, time);
      if (request.method === 'GET') {
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
      const claimed = await store.setJSON(answerKey(id), { answer, at: now.toISOString() } satisfies Answered, {
        onlyIfNew: true,
      });
      if (!claimed.modified) {
        const answered = (await store.get(answerKey(id), { type: 'json' })) as Answered | null;
        return alreadyAnswered(answered ?? { answer, at: now.toISOString() }, time);
      }
      const settings = readSettings();
      if (answer === 'confirm') {
        const booked = await bookSlot(store, place, start, id);
        if (!booked) {
          await store.delete(answerKey(id));
          return page(409, 'The time is no longer held', [
            `The hold on ${time} lapsed and another request has taken it. Please agree another time with the visitor.`,
          ]);
        }
        return await tell(settings, confirmationMail(record, booked, settings, now), log, id, [`Confirmed: ${time}.`]);
      }
      await releaseSlot(store, place, start, id);
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
