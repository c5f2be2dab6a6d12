// What the firm sees of article alerts (`npm run submissions -- subscribers`):
// confirmed subscribers, in all and per category (counted from the keys of the
// memberships, no record read: every category anyone follows, and those of the
// build's list that nobody follows yet), requests waiting for their confirmation, the
// newest consents given or withdrawn (with the address while it is kept), and
// the newest articles' alerts. Only the records shown are read.
import type { Language } from '../../lib/i18n/languages.ts';
import { mapConcurrently } from '../../lib/concurrency.ts';
import { categoryNames, type AlertCategories } from './categories.ts';
import { readAlert, type QueuedAlert } from './queue.ts';
import { alertKeys, lastPart, listAlertKeys, type AlertStore } from './store.ts';
import { readSubscriber, type ConsentEvent } from './subscriptions.ts';

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

const READS_AT_ONCE = 8;

const count = async (store: AlertStore, prefix: string) => (await listAlertKeys(store, prefix)).length;

/**
 * The overview, with the `shown` newest consents and articles, the categories
 * named as the build's list `known` names them (by their slugs' words without it). Writes nothing.
 */
export async function alertsOverview(
  store: AlertStore,
  shown = 10,
  known: AlertCategories = new Map(),
): Promise<AlertsOverview> {
  const [confirmed, waitingForConfirmation, memberships] = await Promise.all([
    count(store, alertKeys.subscribersAll),
    count(store, alertKeys.pendingAll),
    listAlertKeys(store, alertKeys.membersAll),
  ]);
  const subscribers = new Map([...known.keys()].map((slug) => [slug, 0]));
  for (const key of memberships) {
    const slug = key.slice(alertKeys.membersAll.length, key.lastIndexOf('/'));
    subscribers.set(slug, (subscribers.get(slug) ?? 0) + 1);
  }
  const categories = [...subscribers]
    .map(([slug, count]) => ({ slug, name: categoryNames([slug], 'en', known), subscribers: count }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    confirmed,
    waitingForConfirmation,
    categories,
    recentConsents: await recentConsents(store, shown),
    articles: await recentArticles(store, shown),
  };
}

/** Ids are ULIDs, so the newest consents are the greatest ids, whoever's they are. */
async function recentConsents(store: AlertStore, shown: number): Promise<AlertsOverview['recentConsents']> {
  const keys = (await listAlertKeys(store, alertKeys.consentsAll))
    .sort((a, b) => lastPart(b).localeCompare(lastPart(a)))
    .slice(0, shown);
  const consents = await mapConcurrently(keys, READS_AT_ONCE, async (key) => {
    const event = (await store.get(key, { type: 'json' })) as ConsentEvent | null;
    if (!event) return [];
    const address = key.slice(alertKeys.consentsAll.length, key.lastIndexOf('/'));
    const { at, lang, categories, noticeVersion } = event;
    const email = (await readSubscriber(store, address))?.email ?? null;
    return [{ at, event: event.event, lang, categories, noticeVersion, email }];
  });
  return consents.flat();
}

async function recentArticles(store: AlertStore, shown: number): Promise<AlertsOverview['articles']> {
  const refs = (await listAlertKeys(store, alertKeys.articles)).map(lastPart);
  const alerts = await mapConcurrently(refs, READS_AT_ONCE, async (ref) => ({
    ref,
    alert: await readAlert(store, ref),
  }));
  const newest = alerts
    .flatMap(({ ref, alert }) => (alert ? [{ ref, alert }] : []))
    .sort((a, b) => b.alert.queuedAt.localeCompare(a.alert.queuedAt))
    .slice(0, shown);
  return mapConcurrently(newest, READS_AT_ONCE, async ({ ref, alert: { slug, state, queuedAt, sent } }) => ({
    slug,
    state,
    queuedAt,
    sent: sent ?? (await count(store, alertKeys.sentTo(ref))),
  }));
}
