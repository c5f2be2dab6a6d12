// One person's article alerts, by their address key, for a data request
// (`npm run submissions -- find | export | erase --email`): the subscription, a
// request waiting for its confirmation, each consent given or withdrawn, its
// memberships of every category's list (listed, so a category the build no
// longer lists is found too), and the claims of the alerts sent to them (found by
// one read per article queued: alerts/sent/<article>/<address>). Erasing
// deletes all of it, memberships first, so no send finds the address part-way.
import { mapConcurrently } from '../../lib/concurrency.ts';
import { readAlert } from './queue.ts';
import { alertKeys, lastPart, listAlertKeys, type AlertStore } from './store.ts';
import {
  readPending,
  readSubscriber,
  type ConsentEvent,
  type PendingSubscription,
  type Subscriber,
} from './subscriptions.ts';

/** An article's alert claimed for the address: `sent`, or `skipped`, `sending`, `unknown` (send-run.ts). */
interface SentAlert {
  key: string;
  /** The article's slug when it was queued. */
  slug: string;
  state: string;
  at: string;
}

export interface PersonsAlerts {
  address: string;
  subscriber: Subscriber | null;
  pending: PendingSubscription | null;
  /** Oldest first. */
  consents: Array<{ key: string; event: ConsentEvent }>;
  /** The slugs of the categories whose member the address is. */
  memberships: string[];
  sent: SentAlert[];
  /** The empty markers that name the address (request-upkeep.ts): no personal data, erased with the rest. */
  markers: string[];
}

/** What an erasure deleted, by kind; the note of the erasure keeps these counts. */
export interface AlertErasureCounts {
  subscription: number;
  waitingRequest: number;
  consents: number;
  memberships: number;
  alertsSent: number;
}

const READS_AT_ONCE = 8;

async function anyUnder(store: Pick<AlertStore, 'list'>, prefix: string): Promise<boolean> {
  for await (const page of store.list({ prefix, paginate: true }))
    if (page.blobs.some(({ key }) => key.startsWith(prefix))) return true;
  return false;
}

/** Whether the store keeps anyone's alerts (a waiting request or a consent record); reads no record. */
export const holdsAnyone = async (store: Pick<AlertStore, 'list'>) =>
  (await anyUnder(store, alertKeys.pendingAll)) || (await anyUnder(store, alertKeys.consentsAll));

/** Everything kept of `address`'s alerts. Writes nothing. */
export async function alertsOf(store: AlertStore, address: string): Promise<PersonsAlerts> {
  const [subscriber, pending] = await Promise.all([readSubscriber(store, address), readPending(store, address)]);
  const consentKeys = (await listAlertKeys(store, alertKeys.consents(address))).sort();
  const consents = (
    await mapConcurrently(consentKeys, READS_AT_ONCE, async (key) => ({
      key,
      event: (await store.get(key, { type: 'json' })) as ConsentEvent | null,
    }))
  ).flatMap(({ key, event }) => (event ? [{ key, event }] : []));
  // Every category's list is looked in, whether or not a build still lists the category.
  const memberships = (await listAlertKeys(store, alertKeys.membersAll))
    .filter((key) => lastPart(key) === address)
    .map((key) => key.slice(alertKeys.membersAll.length, key.lastIndexOf('/')));
  const refs = (await listAlertKeys(store, alertKeys.articles)).map(lastPart);
  const sent = (
    await mapConcurrently(refs, READS_AT_ONCE, async (ref): Promise<SentAlert[]> => {
      const key = alertKeys.sent(ref, address);
      const claim = (await store.get(key, { type: 'json' })) as { state: string; at: string } | null;
      if (!claim) return [];
      return [{ key, slug: (await readAlert(store, ref))?.slug ?? ref, state: claim.state, at: claim.at }];
    })
  )
    .flat()
    .sort((a, b) => a.at.localeCompare(b.at));
  const markers = [
    ...(await listAlertKeys(store, alertKeys.requestedAll)).filter((key) => lastPart(key) === address),
    ...((await store.get(alertKeys.unmailed(address))) === null ? [] : [alertKeys.unmailed(address)]),
  ];
  return { address, subscriber, pending, consents, memberships, sent, markers };
}

export const keepsNothing = (alerts: PersonsAlerts) =>
  !alerts.subscriber &&
  !alerts.pending &&
  alerts.consents.length + alerts.memberships.length + alerts.sent.length === 0;

/** How much erasing `alerts` deletes. */
export const erasureCounts = (alerts: PersonsAlerts): AlertErasureCounts => ({
  subscription: alerts.subscriber ? 1 : 0,
  waitingRequest: alerts.pending ? 1 : 0,
  consents: alerts.consents.length,
  memberships: alerts.memberships.length,
  alertsSent: alerts.sent.length,
});

/**
 * Deletes everything `alertsOf()` found: memberships first, then the
 * subscription, the waiting request, the consent records and the claims. A
 * deletion that fails is left out of the counts and its error returned; running
 * it again deletes the rest.
 */
export async function eraseAlerts(
  store: Pick<AlertStore, 'delete'>,
  alerts: PersonsAlerts,
): Promise<{ counts: AlertErasureCounts; errors: string[] }> {
  const errors: string[] = [];
  const deleted = async (keys: string[]) => {
    const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
    for (const result of results) if (result.status === 'rejected') errors.push(String(result.reason));
    return results.filter((result) => result.status === 'fulfilled').length;
  };
  const { address } = alerts;
  const memberships = await deleted(alerts.memberships.map((category) => alertKeys.member(category, address)));
  const subscription = await deleted(alerts.subscriber ? [alertKeys.subscriber(address)] : []);
  const waitingRequest = await deleted(alerts.pending ? [alertKeys.pending(address)] : []);
  const consents = await deleted(alerts.consents.map(({ key }) => key));
  const alertsSent = await deleted(alerts.sent.map(({ key }) => key));
  await deleted(alerts.markers);
  return { counts: { subscription, waitingRequest, consents, memberships, alertsSent }, errors };
}
