// POST /api/v1/content-webhook (netlify/functions/content-webhook.ts): the
// content service's publish webhook, which starts the rebuild that brings a
// publish to the site (docs/operations.md, "Rebuilding on publish"). A delivery:
// handler → http/body → signature → payload → deliveries (seen?) → Netlify's
// build hook → article alerts (queued or cancelled: alerts/queue.ts) →
// deliveries (recorded) → answer. Nothing is read from an unsigned body; a
// delivery is recorded only once both are done, so Hygraph's retry of a failed
// one tries again. Why: docs/architecture.md, "The publish
// webhook"; the folder's files: "src/server, by feature".
import { env } from '../../env.ts';
import { cancelAlert, queueAlert } from '../alerts/queue.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { readBodyWithLimit } from '../http/body.ts';
import { HttpError, jsonMessage, logError, logInfo, type ErrorLogger, type InfoLogger } from '../http/responses.ts';
import { deliveryKey, recordDelivery, wasDelivered } from './deliveries.ts';
import { decide } from './payload.ts';
import { checkSignature, SIGNATURE_HEADER } from './signature.ts';

/** Where Hygraph is told to send its webhook; the function's `config.path` names it too. */
export const CONTENT_WEBHOOK_PATH = '/api/v1/content-webhook';

/** Largest delivery read: Hygraph sends the whole entry, rich text included, and a long article fits many times over. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

/** How long the build hook may take: with the body read and the database's statements, the answer stays within Hygraph's 3 s. */
export const HOOK_TIMEOUT_MS = 2_000;

export interface ContentWebhookDeps {
  /** CONTENT_WEBHOOK_SECRET, read per request by default. */
  secret?: () => string | undefined;
  /** BUILD_HOOK_URL, read per request by default. */
  buildHookUrl?: () => string | undefined;
  /** Where deliveries are noted and article alerts queued (alerts/queue.ts). */
  db?: Database;
  fetch?: typeof fetch;
  now?: () => number;
  hookTimeoutMs?: number;
  log?: ErrorLogger;
  info?: InfoLogger;
}

const WHAT = 'handle the content webhook';
const unauthorised = () =>
  jsonMessage(401, 'The webhook signature is missing, wrong or too old; nothing was done.', {
    'WWW-Authenticate': 'gcms-signature',
  });

/** The build hook's URL with Netlify's `trigger_title`, which names the deploy in the deploy list. */
function hookRequestUrl(hookUrl: string, title: string): string {
  const url = new URL(hookUrl);
  url.searchParams.set('trigger_title', title);
  return url.href;
}

export function createContentWebhookHandler(deps: ContentWebhookDeps = {}) {
  const {
    secret: readSecret = () => env.contentWebhookSecret,
    buildHookUrl: readHookUrl = () => env.buildHookUrl,
    fetch: send = globalThis.fetch,
    now = Date.now,
    hookTimeoutMs = HOOK_TIMEOUT_MS,
    log = logError,
    info = logInfo,
  } = deps;

  return async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') {
      return jsonMessage(405, 'This address only accepts webhook deliveries (POST).', { Allow: 'POST' });
    }
    const secret = readSecret();
    const hookUrl = readHookUrl();
    const missing = [secret ? [] : ['CONTENT_WEBHOOK_SECRET'], hookUrl ? [] : ['BUILD_HOOK_URL']].flat();
    if (missing.length > 0) {
      log({ what: WHAT, detail: `not configured: ${missing.join(' and ')} unset` });
      return jsonMessage(
        503,
        `The content webhook is not configured: set ${missing.join(' and ')} in the site's environment.`,
      );
    }
    if (!URL.canParse(hookUrl!)) {
      log({ what: WHAT, detail: 'BUILD_HOOK_URL is not a URL' });
      return jsonMessage(503, 'The content webhook is not configured: BUILD_HOOK_URL is not a URL.');
    }

    let body: string;
    try {
      const bytes = await readBodyWithLimit(
        request,
        MAX_WEBHOOK_BODY_BYTES,
        `A webhook delivery may be at most ${MAX_WEBHOOK_BODY_BYTES / 1024} KB.`,
      );
      body = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch (error) {
      if (error instanceof HttpError) return jsonMessage(error.status, error.message);
      // Not UTF-8: Hygraph signs text, so these bytes cannot carry its signature.
      return unauthorised();
    }

    const check = checkSignature(request.headers.get(SIGNATURE_HEADER), body, secret!, now());
    if (!check.ok) {
      info({ what: 'content webhook refused', reason: check.reason });
      return unauthorised();
    }

    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return jsonMessage(400, 'The delivery is signed but its body is not JSON; nothing was done.');
    }
    const decision = decide(payload);
    if (!decision.build) {
      info({ what: 'content webhook ignored', reason: decision.reason });
      return jsonMessage(202, `Ignored: ${decision.reason}`);
    }

    const key = deliveryKey(check.signature.timestamp, body);
    const db = deps.db ?? openDatabase();
    try {
      if (await wasDelivered(db, key)) {
        info({ what: 'content webhook repeated', title: decision.title });
        return jsonMessage(202, `Already received: the build for "${decision.title}" was requested then.`);
      }
    } catch (error) {
      // A build too many is cheap; a publish that never reaches the site is not.
      log({
        what: WHAT,
        detail: 'could not read the delivery records; requesting the build anyway',
        error: String(error),
      });
    }

    const started = now();
    let hookStatus: number | undefined;
    try {
      const answer = await send(hookRequestUrl(hookUrl!, decision.title), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(hookTimeoutMs),
        redirect: 'error',
      });
      hookStatus = answer.status;
      await answer.body?.cancel().catch(() => {});
    } catch (error) {
      log({ what: WHAT, detail: 'the build hook did not answer', ms: now() - started, error: String(error) });
    }
    if (hookStatus === undefined || hookStatus < 200 || hookStatus >= 300) {
      if (hookStatus !== undefined) log({ what: WHAT, detail: `the build hook answered ${hookStatus}` });
      return jsonMessage(502, 'The build could not be requested; nothing was recorded, so a retry will try again.');
    }

    let alert: string;
    try {
      const article = { id: decision.id, slug: decision.slug };
      const at = new Date(now());
      alert =
        decision.operation === 'publish'
          ? (await queueAlert(db, article, at))
            ? 'alert queued'
            : 'no new alert'
          : (await cancelAlert(db, article, at))
            ? 'alert cancelled'
            : 'no alert to cancel';
    } catch (error) {
      log({ what: WHAT, detail: 'build requested, but the article alert was not updated', error: String(error) });
      return jsonMessage(502, 'The build was requested, but the article alert could not be updated; a retry will.');
    }

    try {
      await recordDelivery(db, key, { receivedAt: now(), title: decision.title });
    } catch (error) {
      log({ what: WHAT, detail: 'build requested, but the delivery was not recorded', error: String(error) });
    }
    info({ what: 'content webhook build requested', title: decision.title, alert, hookMs: now() - started });
    return jsonMessage(202, `Accepted: build requested (${decision.title}).`);
  };
}
