// One run of send-alerts (send-handler.ts, every 5 minutes): each queued
// article whose page is live is e-mailed to its category's subscribers; then
// confirmation e-mails that failed are tried again and requests past their 7
// days forgotten (request-upkeep.ts). Bounded and resumable: a run takes an
// article with FOR UPDATE SKIP LOCKED (claimed until the run's budget is over),
// so overlapping runs share the work; each send is claimed by its unique key
// (article, subscriber) before its e-mail goes, so none gets one article twice;
// no send starts after the budget; a run stops after FAILURES_BEFORE_PAUSE
// failures in a row and the article waits, the wait doubling. Why, and what it
// promises: docs/operations.md, "Article alerts".
import { forEachConcurrently } from '../../lib/concurrency.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { DAY_MS } from '../../lib/nairobi-time.ts';
import type { Database } from '../db/database.ts';
import type { PageFetch } from '../http/own-page.ts';
import { FAILURES_BEFORE_PAUSE, RUN_BUDGET_MS, SEND_DEADLINE_MS } from '../notify/delivery.ts';
import { redactAddresses } from '../notify/mail.ts';
import { alertMail } from './alert-mail.ts';
import type { AlertMailSettings } from './categories.ts';
import { fetchLiveArticle } from './live-article.ts';
import { unsubscribeLink } from './links.ts';
import { alertFromRow, readAlert, type AlertRow, type QueuedAlert } from './queue.ts';
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

/** Takes the next due article no other run holds, until `until`; null when none is left. */
async function claimNextArticle(db: Database, seen: string[], now: Date, until: Date) {
  const [row] = await db.query<AlertRow>(
    `UPDATE alert_articles SET claimed_until = $3 WHERE ref = (
       SELECT ref FROM alert_articles
       WHERE state IN ('queued', 'sending') AND NOT (ref = ANY($1))
         AND (not_before IS NULL OR not_before <= $2) AND (claimed_until IS NULL OR claimed_until <= $2)
       ORDER BY queued_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [seen, now, until],
  );
  return row;
}

/** One run; never throws for one article or address, so one bad record never stops the rest. */
export async function sendAlerts(
  db: Database,
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
  if (!mailer) return { ...report, confirmations: await keepUpRequests(db, secret, settings, now, timeLeft) };
  const seen: string[] = [];
  while (!report.stoppedBecause) {
    if (!timeLeft()) {
      report.stoppedBecause = 'time';
      break;
    }
    const row = await claimNextArticle(db, seen, now(), new Date(now().getTime() + budgetMs + sendDeadlineMs));
    if (!row) break;
    seen.push(row.ref);
    try {
      report.articles.push(
        await sendArticle(db, secret, { ...settings, mailer }, row.ref, alertFromRow(row), {
          now,
          timeLeft,
          sendDeadlineMs,
          concurrency,
          fetchPage,
          report,
        }),
      );
    } finally {
      await db.query('UPDATE alert_articles SET claimed_until = NULL WHERE ref = $1', [row.ref]);
    }
  }
  // What time is left goes to the requests: alerts to confirmed readers come first.
  return { ...report, confirmations: await keepUpRequests(db, secret, settings, now, timeLeft) };
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
  db: Database,
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
    const saved = await db.query(
      `UPDATE alert_articles SET state = $2, article = $3, live_at = $4, failed_runs = $5, not_before = $6,
         ended_at = $7, sent = $8
       WHERE ref = $1 AND state <> 'cancelled' RETURNING 1`,
      [
        ref,
        next.state,
        next.article ?? null,
        next.liveAt ?? null,
        next.failedRuns,
        next.notBefore ?? null,
        next.endedAt ?? null,
        next.sent ?? null,
      ],
    );
    if (saved.length > 0) outcome.state = next.state;
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
  const [{ done }] = await db.query<{ done: number }>(
    'SELECT count(*)::int AS done FROM alert_sends WHERE article = $1',
    [ref],
  );
  const todo = (
    await db.query<{ subscriber: string }>(
      `SELECT m.subscriber FROM alert_memberships m WHERE m.category = $1
       AND NOT EXISTS (SELECT 1 FROM alert_sends s WHERE s.article = $2 AND s.subscriber = m.subscriber)
       ORDER BY m.subscriber`,
      [article.category, ref],
    )
  ).map(({ subscriber }) => subscriber);
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
      cancelled = (await readAlert(db, ref))?.state === 'cancelled';
      if (cancelled) return;
    }
    const claimed = await db.query(
      `INSERT INTO alert_sends (article, subscriber, state, at) VALUES ($1, $2, 'sending', $3)
       ON CONFLICT ON CONSTRAINT alert_sends_once DO NOTHING RETURNING 1`,
      [ref, address, now()],
    );
    if (claimed.length === 0) return;
    const mark = (state: 'sent' | 'skipped' | 'unknown', error: string | null = null) =>
      db.query('UPDATE alert_sends SET state = $3, at = $4, error = $5 WHERE article = $1 AND subscriber = $2', [
        ref,
        address,
        state,
        now(),
        error,
      ]);
    const subscriber = await readSubscriber(db, address);
    if (!subscriber || !subscriber.categories.includes(article.category)) {
      await mark('skipped');
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
      await mark('sent');
      outcome.sent++;
      failuresInARow = 0;
    } catch (error) {
      outcome.failed++;
      failuresInARow++;
      if (unsent(error))
        await db.query('DELETE FROM alert_sends WHERE article = $1 AND subscriber = $2', [ref, address]);
      else await mark('unknown', redactAddresses(errorMessage(error)).slice(0, 300));
    }
  });
  if (cancelled) {
    outcome.state = 'cancelled';
    return outcome;
  }
  const ended = { endedAt: now().toISOString(), sent: done + outcome.sent };
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
