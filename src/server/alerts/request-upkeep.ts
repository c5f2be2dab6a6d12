// The requests' part of a send-alerts run, with the time the alerts leave:
// confirmation e-mails that failed are sent again (CONFIRMATION_ATTEMPTS in
// all), and requests not confirmed within 7 days are forgotten, as the
// privacy notice promises. Both are found from empty marker blobs
// (`alerts/unmailed/…`, `alerts/requested/<day>/…`), so a run reads only the
// requests it acts on, however many wait.
import type { AlertMailSettings } from './categories.ts';
import { CONFIRM_WITHIN_MS } from './links.ts';
import { alertKeys, lastPart, listAlertKeys, type AlertStore } from './store.ts';
import { sendConfirmation } from './subscribe-handler.ts';
import { readPending } from './subscriptions.ts';

/** Attempts at a confirmation e-mail before the request is left to expire. */
const CONFIRMATION_ATTEMPTS = 5;

export interface RequestUpkeep {
  sent: number;
  failed: number;
  forgotten: number;
}

export async function keepUpRequests(
  store: AlertStore,
  secret: string,
  settings: AlertMailSettings,
  now: () => Date,
  timeLeft: () => boolean,
): Promise<RequestUpkeep> {
  const done: RequestUpkeep = { sent: 0, failed: 0, forgotten: 0 };
  const expired = (requestedAt: string) => !(now().getTime() - Date.parse(requestedAt) < CONFIRM_WITHIN_MS);
  // A marker's day is the request's (UTC): every request of a day before this one is past its 7 days.
  const lastDayDue = new Date(now().getTime() - CONFIRM_WITHIN_MS).toISOString().slice(0, 10);
  for (const key of await listAlertKeys(store, alertKeys.requestedAll)) {
    if (!timeLeft()) return done;
    const day = key.slice(alertKeys.requestedAll.length, alertKeys.requestedAll.length + 10);
    if (day > lastDayDue) break;
    const address = lastPart(key);
    const pending = await readPending(store, address);
    if (pending && !expired(pending.requestedAt)) continue;
    if (pending) {
      await store.delete(alertKeys.pending(address));
      await store.delete(alertKeys.unmailed(address));
      done.forgotten++;
    }
    await store.delete(key);
  }
  if (!settings.mailer) return done;
  for (const key of await listAlertKeys(store, alertKeys.unmailedAll)) {
    if (!timeLeft()) return done;
    const address = lastPart(key);
    const pending = await readPending(store, address);
    if (
      !pending ||
      pending.mail.sentAt ||
      pending.mail.attempts >= CONFIRMATION_ATTEMPTS ||
      expired(pending.requestedAt)
    ) {
      await store.delete(key);
      continue;
    }
    const mailed = await sendConfirmation(pending, address, secret, settings, now());
    // Only if the request is still the one read: a newer request, or a confirmation meanwhile, stands.
    if ((await readPending(store, address))?.request !== pending.request) continue;
    await store.setJSON(alertKeys.pending(address), mailed);
    if (mailed.mail.sentAt) {
      await store.delete(key);
      done.sent++;
    } else done.failed++;
  }
  return done;
}
