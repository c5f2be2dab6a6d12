// Each article's alert, from the publish webhook to the last e-mail. The
// webhook queues one when an article is first published (the article is the
// row's key, so a republish, an edit or a retried delivery queues nothing
// more) and cancels it when the article is unpublished or deleted before it
// went out; send-alerts (send-run.ts) sends it once the article's page is live.
import { createHash } from 'node:crypto';
import { SAFE_SLUG } from '../../lib/articles/records.ts';
import type { Queryable } from '../db/database.ts';
import type { LiveArticle } from './live-article.ts';

export interface QueuedAlert {
  /**
   * queued: waiting for the page; sending: the page is live, e-mails going out;
   * sent: every subscriber had theirs; cancelled: unpublished first; expired:
   * the page never answered within ALERT_WAITS_MS.
   */
  state: 'queued' | 'sending' | 'sent' | 'cancelled' | 'expired';
  slug: string;
  queuedAt: string;
  /** What the live page says of the article, once it answers. */
  article?: LiveArticle;
  /** When the page first answered. */
  liveAt?: string;
  /** Runs stopped by mail errors in a row, and when the next may start. */
  failedRuns: number;
  notBefore?: string;
  endedAt?: string;
  /** E-mails sent when it ended. */
  sent?: number;
}

export interface AlertRow {
  ref: string;
  slug: string;
  state: QueuedAlert['state'];
  queued_at: Date;
  article: LiveArticle | null;
  live_at: Date | null;
  failed_runs: number;
  not_before: Date | null;
  ended_at: Date | null;
  sent: number | null;
}

export const alertFromRow = (row: AlertRow): QueuedAlert => ({
  state: row.state,
  slug: row.slug,
  queuedAt: row.queued_at.toISOString(),
  failedRuns: row.failed_runs,
  ...(row.article && { article: row.article }),
  ...(row.live_at && { liveAt: row.live_at.toISOString() }),
  ...(row.not_before && { notBefore: row.not_before.toISOString() }),
  ...(row.ended_at && { endedAt: row.ended_at.toISOString() }),
  ...(row.sent !== null && { sent: row.sent }),
});

/** The article a delivery names: by the CMS's id, which outlives a change of slug; else by its slug. */
export const articleRef = (article: { id?: string | undefined; slug: string }) =>
  createHash('sha256')
    .update(article.id ? `id:${article.id}` : `slug:${article.slug}`)
    .digest('hex')
    .slice(0, 32);

export async function readAlert(db: Queryable, ref: string): Promise<QueuedAlert | null> {
  const [row] = await db.query<AlertRow>('SELECT * FROM alert_articles WHERE ref = $1', [ref]);
  return row ? alertFromRow(row) : null;
}

/** Queues the alert of an article published for the first time; false when it was queued before (or has no safe slug). */
export async function queueAlert(
  db: Queryable,
  article: { id?: string | undefined; slug: string | undefined },
  now: Date,
): Promise<boolean> {
  const { slug } = article;
  if (!slug || !SAFE_SLUG.test(slug)) return false;
  const rows = await db.query(
    `INSERT INTO alert_articles (ref, slug, state, queued_at) VALUES ($1, $2, 'queued', $3)
     ON CONFLICT ON CONSTRAINT alert_articles_first_publish DO NOTHING RETURNING 1`,
    [articleRef({ ...article, slug }), slug, now],
  );
  return rows.length > 0;
}

/** Cancels an article's alert that has not all gone out; true when there was one to cancel. */
export async function cancelAlert(
  db: Queryable,
  article: { id?: string | undefined; slug: string | undefined },
  now: Date,
): Promise<boolean> {
  if (!article.slug && !article.id) return false;
  const rows = await db.query(
    `UPDATE alert_articles SET state = 'cancelled', ended_at = $2
     WHERE ref = $1 AND state IN ('queued', 'sending') RETURNING 1`,
    [articleRef({ ...article, slug: article.slug ?? '' }), now],
  );
  return rows.length > 0;
}
