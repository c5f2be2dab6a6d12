// GET and POST /api/v1/bookings/<id>/<confirm|decline>: staff answering a
// consultation request's chosen time from the notification (answer-links.ts).
// Opening the link only shows a short page with one button, as mail scanners
// open links; the button's POST answers, as the staff desk's Confirm and
// Decline do (answer-consultation.ts).
import { openDatabase, type Database } from '../db/database.ts';
import { documentLinkSecret } from '../documents/links.ts';
import { actionPage } from '../http/action-page.ts';
import { logError, type ErrorLogger } from '../http/responses.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from '../notify/settings.ts';
import {
  alreadyAnswered,
  answerConsultation,
  answerOf,
  chosenTimeOf,
  consultationOf,
  type AnswerOutcome,
} from './answer-consultation.ts';
import { checkAnswerLink } from './answer-links.ts';

export interface AnswerDeps {
  /** The records' database; defaults to this deploy's (db/database.ts). */
  db?: Database;
  settings?: () => Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'>;
  now?: () => Date;
  log?: ErrorLogger;
}

/** A short page for staff; its only form posts back to this very link. */
const page = (status: number, title: string, lines: string[], button?: string): Response =>
  actionPage({ status, title, lines, ...(button ? { button } : {}) });

const outcomePage = ({ status, title, lines }: AnswerOutcome) => page(status, title, lines);

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
      if (request.method === 'POST')
        return outcomePage(await answerConsultation(db, id, answer, { settings: readSettings(), log, now }));
      const chosen = chosenTimeOf(await consultationOf(db, id));
      if (!chosen)
        return page(404, 'No such request', [`No consultation request with a chosen time has the reference ${id}.`]);
      const earlier = await answerOf(db, id);
      if (earlier) return outcomePage(alreadyAnswered(earlier, chosen.time));
      const verb = answer === 'confirm' ? 'Confirm' : 'Decline';
      return page(
        200,
        `${verb} the consultation on ${chosen.time}?`,
        [
          `Reference ${id}. Nothing is changed until you press the button.`,
          answer === 'confirm'
            ? 'The visitor will be e-mailed the confirmation and a calendar invitation.'
            : 'The time will be offered again, and the visitor e-mailed a link to choose another.',
        ],
        verb,
      );
    } catch (error) {
      log({ what: 'answer a consultation request', detail: error instanceof Error ? error.message : String(error) });
      return page(500, 'Not answered', [
        'The answer could not be recorded just now. Please try again in a few minutes.',
      ]);
    }
  };
}
