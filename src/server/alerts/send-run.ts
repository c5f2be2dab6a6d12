// One run of send-alerts (send-handler.ts, every 5 minutes): the confirmation
// e-mails that failed are tried again and requests past their 7 days are
// forgotten; then each queued article whose page is live is e-mailed to its
// category's subscribers. Bounded and resumable, as the notify-pending run
// (notify/delivery.ts): an article is sent under a lease (notify/leases.ts);
// each address is claimed with a create-only write before its e-mail goes,
// so none gets one article twice; no send starts after the budget; a run
// stops after FAILURES_BEFORE_PAUSE failures in a row and the article waits,
// the wait doubling. Why, and what it promises: docs/operations.md, "Article alerts".
import { randomUUID } from 'node:crypto';
import { forEachConcurrently } from '../../lib/concurrency.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { DAY_MS } from '../../lib/nairobi-time.ts';
import type { PageFetch } from '../http/own-page.ts';
import { FAILURES_BEFORE_PAUSE, RUN_BUDGET_MS, SEND_DEADLINE_MS } from '../notify/delivery.ts';
import { claimLease } from '../notify/leases.ts';
import { redactAddresses } from '../notify/mail.ts';
import { alertMail } from './alert-mail.ts';
import type { AlertMailSettings } from './categories.ts';
import { fetchLiveArticle } from './live-article.ts';
import { unsubscribeLink } from './links.ts';
import { readAlert, type QueuedAlert } from './queue.ts';
import { alertKeys, lastPart, listAlertKeys, type AlertStore } from './store.ts';
import { readSubscriber } from './subscriptions.ts';
import { keepUpRequests, type RequestUpkeep } from './request-upkeep.ts';

/** How long a queued alert waits for its page to answer before it is given up. */
export const ALERT_WAITS_MS = 7 * DAY_MS;
/** Alerts in flight at once: each is its own SMTP conversation. */
const SEND_CONCURRENCY = 8;
/** The wait after the n-th run an article's sends stopped for mail errors: 10 minutes, doubling to six hours. */
export const backoffMs = (failedRuns: number) => Math.min(10 * 2 ** Math.max(0, failedRuns - 1), 360) * 60 * 1000;

export interface AlertRunOptions {
  now?: () => Date;
  budgetMs?: number;
  sendDeadlineMs?: number;
  concurrency?: number;
  fetchPage?: PageFetch;
}

export interface AlertRunReport {
  confirmations: RequestUpkeep;
  articles: Array<{ slug: string; state: QueuedAlert['state']; sent: number; failed: number; skipped: number }>;
  stoppedBecause: 'time' | 'mail-server-down' | 'notifications-off' | null;
}

type Settings = AlertMailSettings;

/** One run; never throws for one article or address, so one bad record never stops the rest. */
export async function sendAlerts(
  store: AlertStore,
  secret: string,
  settings: Settings,
  {
    now = () => new Date(),
    budgetMs = RUN_BUDGET_MS,
    sendDeadlineMs = SEND_DEADLINE_MS,
    concurrency = SEND_CONCURRENCY,
    fetchPage,
  }: AlertRunOptions = {},
): Promise<AlertRunReport> {
  const endsAt = performance.now() + budgetMs;
  const timeLeft = () => performance.now() < endsAt;
  const report: AlertRunReport = {
    confirmations: { sent: 0, failed: 0, forgotten: 0 },
    articles: [],
    stoppedBecause: settings.mailer ? null : 'notifications-off',
  };
  const { mailer } = settings;
  if (!mailer) return { ...report, confirmations: await keepUpRequests(store, secret, settings, now, timeLeft) };
  const holder = randomUUID();
  for (const key of await listAlertKeys(store, alertKeys.queue)) {
    if (!timeLeft()) {
      report.stoppedBecause = 'time';
      break;
    }
    if (report.stoppedBecause) break;
    const ref = lastPart(key);
    const alert = await readAlert(store, ref);
    if (!alert || !(alert.state === 'queued' || alert.state === 'sending')) {
      await store.delete(key);
      continue;
    }
    if (alert.notBefore && Date.parse(alert.notBefore) > now().getTime()) continue;
    const lease = await claimLease(store, `alert-${ref}`, holder, now());
    if (!lease) continue;
    try {
      report.articles.push(
        await sendArticle(store, secret, { ...settings, mailer }, ref, alert, {
          now,
          timeLeft,
          sendDeadlineMs,
          concurrency,
          fetchPage,
          report,
        }),
      );
    } finally {
      await lease.release();
    }
  }
  // What time is left goes to the requests: alerts to confirmed readers come first.
  return { ...report, confirmations: await keepUpRequests(store, secret, settings, now, timeLeft) };
}

interface ArticleRun {
  now: () => Date;
  timeLeft: () => boolean;
  sendDeadlineMs: number;
  concurrency: number;
  fetchPage: PageFetch | undefined;
  report: AlertRunReport;
}

async function sendArticle(
  store: AlertStore,
  secret: string,
  settings: Settings & { mailer: NonNullable<Settings['mailer']> },
  ref: string,
  queued: QueuedAlert,
  { now, timeLeft, sendDeadlineMs, concurrency, fetchPage, report }: ArticleRun,
) {
  const outcome = { slug: queued.slug, state: queued.state, sent: 0, failed: 0, skipped: 0 };
  let alert = queued;
  const save = async (next: QueuedAlert) => {
    // An unpublish while this run sent stands: the webhook's cancellation is never overwritten.
    if ((await readAlert(store, ref))?.state === 'cancelled') return;
    await store.setJSON(alertKeys.article(ref), next);
    if (next.state !== 'queued' && next.state !== 'sending') await store.delete(alertKeys.queued(ref));
    outcome.state = next.state;
  };
  if (!alert.article) {
    const live = await fetchLiveArticle(alert.slug, settings.siteUrl, fetchPage).catch(() => null);
    if (!live) {
      if (now().getTime() - Date.parse(alert.queuedAt) >= ALERT_WAITS_MS)
        await save({ ...alert, state: 'expired', endedAt: now().toISOString() });
      return outcome;
    }
    alert = { ...alert, state: 'sending', article: live, liveAt: now().toISOString() };
    await save(alert);
    if (outcome.state !== 'sending') return outcome;
  }
  const article = alert.article!;
  const done = new Set((await listAlertKeys(store, alertKeys.sentTo(ref))).map(lastPart));
  const members = (await listAlertKeys(store, alertKeys.members(article.category))).map(lastPart);
  const todo = members.filter((address) => !done.has(address));
  let failuresInARow = 0;
  let lastCheck = performance.now();
  let cancelled = false;
  const mayStart = () => {
    if (!timeLeft()) report.stoppedBecause ??= 'time';
    if (failuresInARow >= FAILURES_BEFORE_PAUSE) report.stoppedBecause ??= 'mail-server-down';
    return timeLeft() && failuresInARow < FAILURES_BEFORE_PAUSE && !cancelled;
  };
  const started = await forEachConcurrently(todo, { concurrency, mayStart }, async (address) => {
    if (performance.now() - lastCheck > 2_000) {
      lastCheck = performance.now();
      cancelled = (await readAlert(store, ref))?.state === 'cancelled';
      if (cancelled) return;
    }
    const claimKey = alertKeys.sent(ref, address);
    const claim = await store.setJSON(claimKey, { state: 'sending', at: now().toISOString() }, { onlyIfNew: true });
    if (!claim.modified) return;
    const subscriber = await readSubscriber(store, address);
    if (!subscriber || !subscriber.categories.includes(article.category)) {
      await store.setJSON(claimKey, { state: 'skipped', at: now().toISOString() });
      outcome.skipped++;
      return;
    }
    const mail = alertMail(subscriber, article, {
      from: settings.from,
      siteUrl: settings.siteUrl,
      unsubscribe: unsubscribeLink(address, secret, settings.siteUrl),
      categories: settings.categories,
    });
    try {
      await settings.mailer.send(mail, { signal: AbortSignal.timeout(sendDeadlineMs) });
      await store.setJSON(claimKey, { state: 'sent', at: now().toISOString() });
      outcome.sent++;
      failuresInARow = 0;
    } catch (error) {
      outcome.failed++;
      failuresInARow++;
      if (unsent(error)) await store.delete(claimKey);
      else
        await store.setJSON(claimKey, {
          state: 'unknown',
          at: now().toISOString(),
          error: redactAddresses(errorMessage(error)).slice(0, 300),
        });
    }
  });
  if (cancelled) {
    outcome.state = 'cancelled';
    return outcome;
  }
  const ended = { endedAt: now().toISOString(), sent: done.size + outcome.sent };
  if (started === todo.length && outcome.failed === 0) {
    await save({ ...alert, ...ended, state: 'sent' });
  } else if (now().getTime() - Date.parse(alert.liveAt ?? alert.queuedAt) >= ALERT_WAITS_MS) {
    // A week of tries is enough: the addresses still failing are left, as a notification is after a week.
    await save({ ...alert, ...ended, state: 'sent' });
  } else if (failuresInARow >= FAILURES_BEFORE_PAUSE) {
    const failedRuns = alert.failedRuns + 1;
    await save({ ...alert, failedRuns, notBefore: new Date(now().getTime() + backoffMs(failedRuns)).toISOString() });
  }
  return outcome;
}

/**
 * Whether a failed send certainly delivered nothing, so the address may be
 * tried again: the connection, greeting or login failed, or the server refused
 * the recipient. A timeout or a dropped connection once the message was on its
 * way may have delivered it: that address is not tried again (never twice).
 */
function unsent(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    ['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS', 'EENVELOPE', 'ENOAUTH'].includes(String(code)) ||
    /refused/i.test(errorMessage(error))
  );
}
