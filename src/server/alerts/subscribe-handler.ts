// POST /api/v1/client/subscribe (netlify/functions/subscribe.ts): a reader asks
// for article alerts. As the other forms: a POST from this site only, the
// honeypot, the day's limit; then the request is stored, waiting for its
// confirmation, and the confirmation e-mail sent (send-alerts tries again if
// that fails). The answer is the same whether or not the address is known, so
// the form tells nobody who subscribes. A request repeated within
// RESEND_AFTER_MS changes what the request asks for but sends no second e-mail,
// so nobody can flood an inbox from the form. The categories accepted are those
// the build found in the articles (categories.ts), the ones the form offers.
import { checkYourInbox, validateSubscription, type SubscribeRequest } from '../../forms/subscribe/subscribe.ts';
import { describeFieldErrors, isHoneypotFilled } from '../../forms/shared/fields.ts';
import { PRIVACY_NOTICE_VERSION } from '../../lib/privacy.ts';
import { formEndpoint, resolveDeps, type HandlerDeps } from '../handlers.ts';
import { languageOfBody, readJsonBody } from '../http/json-body.ts';
import { errorResponse, jsonMessage, logInfo, unprocessable } from '../http/responses.ts';
import { redactAddresses } from '../notify/mail.ts';
import { documentLinkOrigin } from '../documents/links.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from '../notify/settings.ts';
import { newSubmissionId } from '../submissions/ids.ts';
import { confirmationMail } from './alert-mail.ts';
import { fetchAlertCategories, type AlertCategories, type AlertMailSettings } from './categories.ts';
import type { Database, Queryable } from '../db/database.ts';
import { addressKey, alertSecret } from './store.ts';
import { CONFIRM_WITHIN_MS, confirmLink } from './links.ts';
import { noteConfirmationMail, readPending, savePending, type PendingSubscription } from './subscriptions.ts';

/** Within this of a request's e-mail, another request for the same address sends none. */
const RESEND_AFTER_MS = 10 * 60 * 1000;
/** How long the function waits for the mail server, as the form functions do. */
const SEND_DEADLINE_MS = 8_000;

export interface SubscribeDeps extends Pick<HandlerDeps, 'db' | 'now' | 'log' | 'dailyLimits' | 'alert'> {
  /** The link secret; by default the site's (store.ts). */
  secret?: (db: Database) => Promise<string>;
  settings?: () => Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'>;
  /** The categories one can subscribe to: the list this deploy's build published. */
  categories?: () => Promise<AlertCategories>;
}

/** Sends request `pending`'s confirmation e-mail and notes the outcome on it; never throws. */
export async function sendConfirmation(
  pending: PendingSubscription,
  address: string,
  secret: string,
  settings: AlertMailSettings,
  now: Date,
): Promise<PendingSubscription> {
  const attempts = pending.mail.attempts + 1;
  try {
    if (!settings.mailer) throw new Error('notifications are off (SMTP_URL is not set)');
    const requestedAt = new Date(pending.requestedAt);
    const link = confirmLink(address, pending.request, secret, settings.siteUrl, requestedAt);
    const expiresAt = new Date(requestedAt.getTime() + CONFIRM_WITHIN_MS);
    await settings.mailer.send(
      confirmationMail(pending, { from: settings.from, link, expiresAt, categories: settings.categories }),
      {
        signal: AbortSignal.timeout(SEND_DEADLINE_MS),
      },
    );
    return { ...pending, mail: { sentAt: now.toISOString(), attempts } };
  } catch (error) {
    return { ...pending, mail: { attempts, lastError: redactAddresses(String(error)).slice(0, 300) } };
  }
}

export function createSubscribeHandler(deps: SubscribeDeps = {}) {
  const { db, now, log, withinDailyLimit } = resolveDeps(deps);
  const secret = deps.secret ?? alertSecret;
  const readCategories = deps.categories ?? (() => fetchAlertCategories(documentLinkOrigin()));
  // Links lead to this deploy, as document links do: a preview's request is kept in the preview's store.
  const readSettings = deps.settings ?? (() => ({ ...notificationSettingsFromEnv(), siteUrl: documentLinkOrigin() }));
  return formEndpoint('subscription', 'save your subscription', log, async (request, requestId) => {
    const body = await readJsonBody(request);
    const lang = languageOfBody(body);
    const answer = () => jsonMessage(202, checkYourInbox[lang]);
    try {
      if (isHoneypotFilled(body)) {
        logInfo({ what: 'subscribe: honeypot filled; answered as a success, nothing stored', requestId });
        return answer();
      }
      const categories = await readCategories();
      const result = validateSubscription(body, [...categories.keys()], lang);
      if (!result.ok) throw unprocessable(describeFieldErrors(result.errors, lang));
      const database = db();
      const key = await secret(database);
      const address = addressKey(result.data.email, key);
      // The day's count and the request commit together; only then does its confirmation go.
      const counted = await withinDailyLimit('subscription', { requestId, lang }, (tx) =>
        saveRequest(tx, address, result.data, now()),
      );
      if ('refused' in counted) return counted.refused;
      const pending = counted.stored;
      if (pending) {
        const mailed = await sendConfirmation(pending, address, key, { ...readSettings(), categories }, now());
        await noteConfirmationMail(database, address, mailed);
      }
      return answer();
    } catch (error) {
      return errorResponse(error, {
        what: 'save your subscription',
        whatIn: 'kuhifadhi usajili wako',
        lang,
        log,
        context: { form: 'subscription', requestId },
      });
    }
  });
}

/**
 * Stores the request in the caller's transaction: the new one to confirm, or
 * undefined when a confirmation went out just now (the request is updated, and
 * no second e-mail goes).
 */
async function saveRequest(
  tx: Queryable,
  address: string,
  { email, categories, lang }: SubscribeRequest,
  now: Date,
): Promise<PendingSubscription | undefined> {
  const earlier = await readPending(tx, address);
  const recent = earlier?.mail.sentAt && now.getTime() - Date.parse(earlier.mail.sentAt) < RESEND_AFTER_MS;
  if (earlier && recent) {
    await savePending(tx, address, { ...earlier, email, categories, lang });
    return undefined;
  }
  const pending: PendingSubscription = {
    request: newSubmissionId(now.getTime()),
    email,
    lang,
    categories,
    requestedAt: now.toISOString(),
    noticeVersion: PRIVACY_NOTICE_VERSION,
    mail: { attempts: 0 },
  };
  await savePending(tx, address, pending);
  return pending;
}
