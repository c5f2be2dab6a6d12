// What the firm sees of article alerts (`npm run submissions -- subscribers`):
// confirmed subscribers, in all and per category (every category anyone
// follows, and those of the build's list that nobody follows yet), requests
// waiting for their confirmation, the newest consents given or withdrawn (with
// the address while it is kept), and the newest articles' alerts with the
// e-mails sent. Counted by queries; nothing is written.
import type { Language } from '../../lib/i18n/languages.ts';
import type { Queryable } from '../db/database.ts';
import { categoryNames, type AlertCategories } from './categories.ts';
import type { QueuedAlert } from './queue.ts';
import type { ConsentEvent } from './subscriptions.ts';

export interface AlertsOverview {
  confirmed: number;
  waitingForConfirmation: number;
  categories: Array<{ slug: string; name: string; subscribers: number }>;
  /** Newest first. `email` is null once the address is no longer kept (unsubscribed). */
  recentConsents: Array<{
    at: string;
    event: ConsentEvent['event'];
    lang: Language;
    categories: string[];
    noticeVersion: string;
    email: string | null;
  }>;
  /** Newest first. `sent`: e-mails sent once it ended, else the addresses claimed so far. */
  articles: Array<{ slug: string; state: QueuedAlert['state']; queuedAt: string; sent: number }>;
}

/**
 * The overview, with the `shown` newest consents and articles, the categories
 * named as the build's list `known` names them (by their slugs' words without it).
 */
export async function alertsOverview(
  db: Queryable,
  shown = 10,
  known: AlertCategories = new Map(),
): Promise<AlertsOverview> {
  const [{ confirmed, waiting }] = await db.query<{ confirmed: number; waiting: number }>(
    `SELECT (SELECT count(*)::int FROM alert_subscribers) AS confirmed,
       (SELECT count(*)::int FROM alert_requests) AS waiting`,
  );
  const perCategory = await db.query<{ category: string; subscribers: number }>(
    'SELECT category, count(*)::int AS subscribers FROM alert_memberships GROUP BY category',
  );
  const subscribers = new Map([...known.keys()].map((slug) => [slug, 0]));
  for (const { category, subscribers: count } of perCategory) subscribers.set(category, count);
  const categories = [...subscribers]
    .map(([slug, count]) => ({ slug, name: categoryNames([slug], 'en', known), subscribers: count }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const consents = await db.query<{
    at: Date;
    event: ConsentEvent['event'];
    lang: Language;
    categories: string[];
    notice_version: string;
    email: string | null;
  }>(
    `SELECT c.at, c.event, c.lang, c.categories, c.notice_version, s.email FROM alert_consents c
     LEFT JOIN alert_subscribers s ON s.address_key = c.address_key ORDER BY c.id DESC LIMIT $1`,
    [shown],
  );
  const articles = await db.query<{ slug: string; state: QueuedAlert['state']; queued_at: Date; sent: number }>(
    `SELECT a.slug, a.state, a.queued_at,
       coalesce(a.sent, (SELECT count(*)::int FROM alert_sends s WHERE s.article = a.ref)) AS sent
     FROM alert_articles a ORDER BY a.queued_at DESC LIMIT $1`,
    [shown],
  );
  return {
    confirmed,
    waitingForConfirmation: waiting,
    categories,
    recentConsents: consents.map(({ at, event, lang, categories: chosen, notice_version, email }) => ({
      at: at.toISOString(),
      event,
      lang,
      categories: chosen,
      noticeVersion: notice_version,
      email,
    })),
    articles: articles.map(({ slug, state, queued_at, sent }) => ({
      slug,
      state,
      queuedAt: queued_at.toISOString(),
      sent,
    })),
  };
}
