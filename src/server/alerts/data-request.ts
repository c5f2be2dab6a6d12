// One person's article alerts, for a data request (`npm run submissions --
// find | export | erase --email`): the subscription, a request waiting for its
// confirmation, each consent given or withdrawn, their memberships of the
// categories' lists and the alerts sent to them. The subscription and request
// are found by the normalised e-mail; consents and sends by the address keys
// those rows carry, and by `address` (the key the tool makes with the site's
// link secret) for what is kept once the address itself is gone.
import type { Queryable } from '../db/database.ts';
import { normaliseEmail } from '../submissions/rows.ts';
import {
  pendingFromRow,
  SUBSCRIBER_SELECT,
  subscriberFromRow,
  type ConsentEvent,
  type PendingSubscription,
  type RequestRow,
  type Subscriber,
  type SubscriberRow,
} from './subscriptions.ts';

/** An article's alert claimed for the person: `sent`, or `skipped`, `sending`, `unknown` (send-run.ts). */
interface SentAlert {
  /** The article's slug when it was queued. */
  slug: string;
  state: string;
  at: string;
}

export interface PersonsAlerts {
  subscriber: Subscriber | null;
  pending: PendingSubscription | null;
  /** Oldest first. */
  consents: ConsentEvent[];
  /** The slugs of the categories whose list they are on. */
  memberships: string[];
  /** Oldest first. */
  sent: SentAlert[];
}

/** What an erasure deleted, by kind; the note of the erasure keeps these counts. */
export interface AlertErasureCounts {
  subscription: number;
  waitingRequest: number;
  consents: number;
  memberships: number;
  alertsSent: number;
}

/** The address keys that name `email`: its subscription's, its request's, and `address` if given. */
async function keysOf(db: Queryable, email: string, address: string | undefined): Promise<string[]> {
  const rows = await db.query<{ address_key: string }>(
    `SELECT address_key FROM alert_subscribers WHERE email_normalised = $1
     UNION SELECT address_key FROM alert_requests WHERE email_normalised = $1`,
    [normaliseEmail(email)],
  );
  return [...new Set([...rows.map(({ address_key }) => address_key), ...(address ? [address] : [])])];
}

/** Everything kept of `email`'s alerts. Writes nothing. */
export async function alertsOf(db: Queryable, email: string, address?: string): Promise<PersonsAlerts> {
  const keys = await keysOf(db, email, address);
  const [subscriber] = await db.query<SubscriberRow>(
    `${SUBSCRIBER_SELECT} WHERE s.address_key = ANY($1) ORDER BY s.confirmed_at DESC LIMIT 1`,
    [keys],
  );
  const [pending] = await db.query<RequestRow>(
    'SELECT * FROM alert_requests WHERE address_key = ANY($1) ORDER BY requested_at DESC LIMIT 1',
    [keys],
  );
  const consents = await db.query<{
    event: ConsentEvent['event'];
    at: Date;
    categories: string[];
    lang: ConsentEvent['lang'];
    notice_version: string;
    by: ConsentEvent['by'];
  }>('SELECT * FROM alert_consents WHERE address_key = ANY($1) ORDER BY id', [keys]);
  const memberships = await db.query<{ category: string }>(
    'SELECT category FROM alert_memberships WHERE subscriber = ANY($1) ORDER BY category',
    [keys],
  );
  const sent = await db.query<{ slug: string; state: string; at: Date }>(
    `SELECT a.slug, s.state, s.at FROM alert_sends s JOIN alert_articles a ON a.ref = s.article
     WHERE s.subscriber = ANY($1) ORDER BY s.at`,
    [keys],
  );
  return {
    subscriber: subscriber ? subscriberFromRow(subscriber) : null,
    pending: pending ? pendingFromRow(pending) : null,
    consents: consents.map(({ event, at, categories, lang, notice_version, by }) => ({
      event,
      at: at.toISOString(),
      categories,
      lang,
      noticeVersion: notice_version,
      by,
    })),
    memberships: memberships.map(({ category }) => category),
    sent: sent.map(({ slug, state, at }) => ({ slug, state, at: at.toISOString() })),
  };
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

/** Deletes everything `alertsOf()` finds, in the caller's transaction `tx`; what it deleted, by kind. */
export async function eraseAlerts(tx: Queryable, email: string, address?: string): Promise<AlertErasureCounts> {
  const keys = await keysOf(tx, email, address);
  const deleted = async (sql: string) => (await tx.query(`${sql} RETURNING 1`, [keys])).length;
  const memberships = await deleted('DELETE FROM alert_memberships WHERE subscriber = ANY($1)');
  const subscription = await deleted('DELETE FROM alert_subscribers WHERE address_key = ANY($1)');
  const waitingRequest = await deleted('DELETE FROM alert_requests WHERE address_key = ANY($1)');
  const consents = await deleted('DELETE FROM alert_consents WHERE address_key = ANY($1)');
  const alertsSent = await deleted('DELETE FROM alert_sends WHERE subscriber = ANY($1)');
  return { subscription, waitingRequest, consents, memberships, alertsSent };
}
