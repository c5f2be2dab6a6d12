// Where article alerts are kept: a Blobs store of their own, "alerts"
// ("alerts-preview" on a deploy preview), so their many small records never
// slow the listing of submissions. An address is never part of a key: it is
// named by its address key, an HMAC-SHA256 of the address (trimmed, lower
// case) with the site's link secret, so keys can be listed and logged without
// naming anyone. The layout, and why: docs/architecture.md, "Article alerts".
import { createHmac } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';
import { env } from '../../env.ts';
import { openDatabase } from '../db/database.ts';
import { documentLinkSecret } from '../documents/links.ts';

/** The store operations alerts need; a test can hand in a double. */
export type AlertStore = Pick<Store, 'get' | 'getWithMetadata' | 'set' | 'setJSON' | 'delete' | 'list'>;

export const alertStoreName = (preview: boolean = env.isPreviewDeploy) => (preview ? 'alerts-preview' : 'alerts');

/** Opened per request, so Netlify's per-invocation Blobs context is used. */
export const openAlertStore = (): AlertStore => getStore({ name: alertStoreName(), consistency: 'strong' });

/** The secret alert links and address keys are made with: the one document links use, kept with the submissions. */
export const alertSecret = (): Promise<string> => documentLinkSecret(openDatabase());

const ALERTS_PREFIX = 'alerts/';

export const alertKeys = {
  /** A request waiting for its confirmation: one per address, the newest. */
  pending: (address: string) => `${ALERTS_PREFIX}pending/${address}`,
  /** An empty blob per request by the day it was made (YYYY-MM-DD, UTC), so old requests are found unread. */
  requested: (day: string, address: string) => `${ALERTS_PREFIX}requested/${day}/${address}`,
  requestedAll: `${ALERTS_PREFIX}requested/`,
  /** An empty blob while a request's confirmation e-mail has not gone: what send-alerts tries again. */
  unmailed: (address: string) => `${ALERTS_PREFIX}unmailed/${address}`,
  unmailedAll: `${ALERTS_PREFIX}unmailed/`,
  /** A confirmed subscriber: the address, language, categories and the consent in force. */
  subscriber: (address: string) => `${ALERTS_PREFIX}subscribers/${address}`,
  /** An empty blob per category and subscriber, so a send lists a category's subscribers without reading any. */
  member: (category: string, address: string) => `${ALERTS_PREFIX}members/${category}/${address}`,
  members: (category: string) => `${ALERTS_PREFIX}members/${category}/`,
  membersAll: `${ALERTS_PREFIX}members/`,
  /** Each consent given or withdrawn, kept as the record the Data Protection Act asks for. */
  consent: (address: string, id: string) => `${ALERTS_PREFIX}consents/${address}/${id}`,
  consents: (address: string) => `${ALERTS_PREFIX}consents/${address}/`,
  /** One article's alert, from its first publish on (the create-only write that makes it one per article). */
  article: (article: string) => `${ALERTS_PREFIX}articles/${article}`,
  /** An empty blob while an article's alert is to send: what a run lists, however many articles came before. */
  queued: (article: string) => `${ALERTS_PREFIX}queue/${article}`,
  queue: `${ALERTS_PREFIX}queue/`,
  /** Claimed (create-only) before an article's alert is sent to an address, so none is sent twice. */
  sent: (article: string, address: string) => `${ALERTS_PREFIX}sent/${article}/${address}`,
  sentTo: (article: string) => `${ALERTS_PREFIX}sent/${article}/`,
  pendingAll: `${ALERTS_PREFIX}pending/`,
  articles: `${ALERTS_PREFIX}articles/`,
  subscribersAll: `${ALERTS_PREFIX}subscribers/`,
  consentsAll: `${ALERTS_PREFIX}consents/`,
} as const;

/** The address as it is compared: trimmed and in lower case (an address is one mailbox, whatever its case). */
const normaliseAddress = (email: string) => email.trim().toLowerCase();

/** The key that names `email` in the store. */
export const addressKey = (email: string, secret: string): string =>
  createHmac('sha256', secret)
    .update(`alert-address\n${normaliseAddress(email)}`)
    .digest('hex')
    .slice(0, 40);

export const isAddressKey = (text: string) => /^[0-9a-f]{40}$/.test(text);

/** Every key under `prefix`, in the store's order (the local server also lists keys that only start a longer prefix). */
export async function listAlertKeys(store: Pick<AlertStore, 'list'>, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of store.list({ prefix, paginate: true }))
    keys.push(...page.blobs.map(({ key }) => key).filter((key) => key.startsWith(prefix)));
  return keys;
}

/** The last part of a key: an address key or a record's id. */
export const lastPart = (key: string) => key.slice(key.lastIndexOf('/') + 1);
