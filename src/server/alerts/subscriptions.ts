// What is kept of a subscription, and the three changes to it: a request
// waiting for its confirmation (subscribe-handler.ts), its confirmation, and
// unsubscribing (link-handlers.ts). Each consent given or withdrawn is kept as
// its own record — when, under which version of the privacy notice, for which
// categories — so the firm can show it (the Data Protection Act 2019, s. 32).
// Every change is safe to repeat: a retried POST does the same thing once.
import type { Language } from '../../lib/i18n/languages.ts';
import { newSubmissionId } from '../submissions/ids.ts';
import { alertKeys, type AlertStore } from './store.ts';

export interface PendingSubscription {
  /** The request's id: the confirmation link names it, so only the newest request's link confirms. */
  request: string;
  email: string;
  lang: Language;
  categories: string[];
  requestedAt: string;
  noticeVersion: string;
  /** The confirmation e-mail: sent, or how often it failed (send-alerts tries again). */
  mail: { sentAt?: string; attempts: number; lastError?: string };
}

export interface Subscriber {
  email: string;
  lang: Language;
  categories: string[];
  confirmedAt: string;
  /** The request whose confirmation this is. */
  request: string;
  noticeVersion: string;
}

export interface ConsentEvent {
  event: 'given' | 'withdrawn';
  at: string;
  categories: string[];
  lang: Language;
  noticeVersion: string;
  /**
   * Given with the confirmation link's button; withdrawn by unsubscribing, from a page or a mail client,
   * or by staff on the person's written request (`npm run submissions -- unsubscribe`).
   */
  by: 'confirmation link' | 'unsubscribe link' | 'written request';
}

const readJson = async <T>(store: AlertStore, key: string) => (await store.get(key, { type: 'json' })) as T | null;

export const readPending = (store: AlertStore, address: string) =>
  readJson<PendingSubscription>(store, alertKeys.pending(address));

export const readSubscriber = (store: AlertStore, address: string) =>
  readJson<Subscriber>(store, alertKeys.subscriber(address));

async function recordConsent(store: AlertStore, address: string, event: ConsentEvent, now: Date): Promise<void> {
  await store.setJSON(alertKeys.consent(address, newSubmissionId(now.getTime())), event, { onlyIfNew: true });
}

export type Confirmation =
  | { state: 'confirmed'; subscriber: Subscriber }
  | { state: 'already'; subscriber: Subscriber }
  /** No such request waits: it expired, or a newer one replaced it. */
  | { state: 'gone' };

/**
 * Confirms request `request` of `address`: the consent recorded, then the
 * subscriber written, then its categories' memberships changed, then the
 * request forgotten — so a failure part-way leaves the request to confirm again.
 */
export async function confirmSubscription(
  store: AlertStore,
  address: string,
  request: string,
  now: Date,
): Promise<Confirmation> {
  const pending = await readPending(store, address);
  if (!pending || pending.request !== request) {
    const subscriber = await readSubscriber(store, address);
    return subscriber?.request === request ? { state: 'already', subscriber } : { state: 'gone' };
  }
  const before = await readSubscriber(store, address);
  const subscriber: Subscriber = {
    email: pending.email,
    lang: pending.lang,
    categories: pending.categories,
    confirmedAt: now.toISOString(),
    request,
    noticeVersion: pending.noticeVersion,
  };
  const { lang, categories, noticeVersion } = subscriber;
  await recordConsent(
    store,
    address,
    { event: 'given', at: subscriber.confirmedAt, categories, lang, noticeVersion, by: 'confirmation link' },
    now,
  );
  await store.setJSON(alertKeys.subscriber(address), subscriber);
  for (const category of categories) await store.set(alertKeys.member(category, address), '');
  for (const category of before?.categories ?? [])
    if (!categories.includes(category)) await store.delete(alertKeys.member(category, address));
  await store.delete(alertKeys.pending(address));
  await store.delete(alertKeys.unmailed(address));
  return { state: 'confirmed', subscriber };
}

/**
 * Unsubscribes `address` from every alert: memberships first, so no send finds
 * it, then the consent's withdrawal recorded, then the subscriber and any
 * waiting request forgotten. Null when it was not subscribed.
 */
export async function unsubscribe(
  store: AlertStore,
  address: string,
  now: Date,
  by: ConsentEvent['by'] = 'unsubscribe link',
): Promise<Subscriber | null> {
  const subscriber = await readSubscriber(store, address);
  await store.delete(alertKeys.pending(address));
  await store.delete(alertKeys.unmailed(address));
  if (!subscriber) return null;
  for (const category of subscriber.categories) await store.delete(alertKeys.member(category, address));
  const { lang, categories, noticeVersion } = subscriber;
  await recordConsent(
    store,
    address,
    { event: 'withdrawn', at: now.toISOString(), categories, lang, noticeVersion, by },
    now,
  );
  await store.delete(alertKeys.subscriber(address));
  return subscriber;
}
