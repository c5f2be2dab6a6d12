// Each article's alert, from the publish webhook to the last e-mail. The
// webhook queues one when an article is first published (a create-only write,
// so a republish, an edit or a retried delivery queues nothing more) and
// cancels it when the article is unpublished or deleted before it went out;
// send-alerts (send-run.ts) sends it once the article's page is live.
import { createHash } from 'node:crypto';
import { SAFE_SLUG } from '../../lib/articles/records.ts';
import { alertKeys, type AlertStore } from './store.ts';
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

/** The article a delivery names: by the CMS's id, which outlives a change of slug; else by its slug. */
export const articleRef = (article: { id?: string | undefined; slug: string }) =>
  createHash('sha256')
    .update(article.id ? `id:${article.id}` : `slug:${article.slug}`)
    .digest('hex')
    .slice(0, 32);

export const readAlert = async (store: AlertStore, ref: string) =>
  (await store.get(alertKeys.article(ref), { type: 'json' })) as QueuedAlert | null;

/** Queues the alert of an article published for the first time; false when it was queued before (or has no safe slug). */
export async function queueAlert(
  store: AlertStore,
  article: { id?: string | undefined; slug: string | undefined },
  now: Date,
): Promise<boolean> {
  const { slug } = article;
  if (!slug || !SAFE_SLUG.test(slug)) return false;
  const alert: QueuedAlert = { state: 'queued', slug, queuedAt: now.toISOString(), failedRuns: 0 };
  const { modified } = await store.setJSON(alertKeys.article(articleRef({ ...article, slug })), alert, {
    onlyIfNew: true,
  });
  return modified;
}

/** Cancels an article's alert that has not all gone out; true when there was one to cancel. */
export async function cancelAlert(
  store: AlertStore,
  article: { id?: string | undefined; slug: string | undefined },
  now: Date,
): Promise<boolean> {
  if (!article.slug && !article.id) return false;
  const ref = articleRef({ ...article, slug: article.slug ?? '' });
  const alert = await readAlert(store, ref);
  if (!alert || (alert.state !== 'queued' && alert.state !== 'sending')) return false;
  await store.setJSON(alertKeys.article(ref), { ...alert, state: 'cancelled', endedAt: now.toISOString() });
  return true;
}
