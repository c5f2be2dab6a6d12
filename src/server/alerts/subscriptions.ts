// What is kept of a subscription, and the three changes to it: a request
// waiting for its confirmation (subscribe-handler.ts), its confirmation, and
// unsubscribing (link-handlers.ts). Each consent given or withdrawn is kept as
// its own row — when, under which version of the privacy notice, for which
// categories — so the firm can show it (the Data Protection Act 2019, s. 32).
// Each change is one transaction, and safe to repeat.
import type { Language } from '../../lib/i18n/languages.ts';
import type { Database, Queryable } from '../db/database.ts';
import { newSubmissionId } from '../submissions/ids.ts';
import { normaliseEmail } from '../submissions/rows.ts';

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

export interface RequestRow {
  address_key: string;
  request: string;
  email: string;
  lang: Language;
  categories: string[];
  requested_at: Date;
  notice_version: string;
  mail_sent_at: Date | null;
  mail_attempts: number;
  mail_last_error: string | null;
}

export const pendingFromRow = (row: RequestRow): PendingSubscription => ({
  request: row.request,
  email: row.email,
  lang: row.lang,
  categories: row.categories,
  requestedAt: row.requested_at.toISOString(),
  noticeVersion: row.notice_version,
  mail: {
    ...(row.mail_sent_at ? { sentAt: row.mail_sent_at.toISOString() } : {}),
    attempts: row.mail_attempts,
    ...(row.mail_last_error ? { lastError: row.mail_last_error } : {}),
  },
});

/** A subscriber's columns, with their categories (their memberships, in order of name). */
export const SUBSCRIBER_SELECT = `SELECT s.address_key, s.email, s.lang, s.confirmed_at, s.request, s.notice_version,
  coalesce((SELECT array_agg(m.category ORDER BY m.category) FROM alert_memberships m
    WHERE m.subscriber = s.address_key), '{}') AS categories
  FROM alert_subscribers s`;

export interface SubscriberRow {
  address_key: string;
  email: string;
  lang: Language;
  confirmed_at: Date;
  request: string;
  notice_version: string;
  categories: string[];
}

export const subscriberFromRow = (row: SubscriberRow): Subscriber => ({
  email: row.email,
  lang: row.lang,
  categories: row.categories,
  confirmedAt: row.confirmed_at.toISOString(),
  request: row.request,
  noticeVersion: row.notice_version,
});

export async function readPending(db: Queryable, address: string): Promise<PendingSubscription | null> {
  const [row] = await db.query<RequestRow>('SELECT * FROM alert_requests WHERE address_key = $1', [address]);
  return row ? pendingFromRow(row) : null;
}

export async function readSubscriber(db: Queryable, address: string): Promise<Subscriber | null> {
  const [row] = await db.query<SubscriberRow>(`${SUBSCRIBER_SELECT} WHERE s.address_key = $1`, [address]);
  return row ? subscriberFromRow(row) : null;
}

/** Stores `pending` as `address`'s request, replacing any before it (the newest wins). */
export async function savePending(db: Queryable, address: string, pending: PendingSubscription): Promise<void> {
  const { request, email, lang, categories, requestedAt, noticeVersion, mail } = pending;
  await db.query(
    `INSERT INTO alert_requests (address_key, email, email_normalised, request, lang, categories, requested_at,
       notice_version, mail_sent_at, mail_attempts, mail_last_error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (address_key) DO UPDATE SET email = excluded.email, email_normalised = excluded.email_normalised,
       request = excluded.request, lang = excluded.lang, categories = excluded.categories,
       requested_at = excluded.requested_at, notice_version = excluded.notice_version,
       mail_sent_at = excluded.mail_sent_at, mail_attempts = excluded.mail_attempts,
       mail_last_error = excluded.mail_last_error`,
    [
      address,
      email,
      normaliseEmail(email),
      request,
      lang,
      categories,
      requestedAt,
      noticeVersion,
      mail.sentAt ?? null,
      mail.attempts,
      mail.lastError ?? null,
    ],
  );
}

/** Notes a confirmation e-mail's outcome, only on the request it was for (a newer one stands). */
export async function noteConfirmationMail(db: Queryable, address: string, mailed: PendingSubscription) {
  const rows = await db.query(
    `UPDATE alert_requests SET mail_sent_at = $3, mail_attempts = $4, mail_last_error = $5
     WHERE address_key = $1 AND request = $2 RETURNING 1`,
    [address, mailed.request, mailed.mail.sentAt ?? null, mailed.mail.attempts, mailed.mail.lastError ?? null],
  );
  return rows.length > 0;
}

/** Records a consent given or withdrawn: a row appended, never changed. */
async function recordConsent(db: Queryable, address: string, event: ConsentEvent, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO alert_consents (id, address_key, event, at, categories, lang, notice_version, by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      newSubmissionId(now.getTime()),
      address,
      event.event,
      event.at,
      event.categories,
      event.lang,
      event.noticeVersion,
      event.by,
    ],
  );
}

export type Confirmation =
  | { state: 'confirmed'; subscriber: Subscriber }
  | { state: 'already'; subscriber: Subscriber }
  /** No such request waits: it expired, or a newer one replaced it. */
  | { state: 'gone' };

/** Confirms request `request` of `address`: consent, subscriber and memberships written, the request gone, at once. */
export async function confirmSubscription(
  db: Database,
  address: string,
  request: string,
  now: Date,
): Promise<Confirmation> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<RequestRow>(
      'DELETE FROM alert_requests WHERE address_key = $1 AND request = $2 RETURNING *',
      [address, request],
    );
    if (!row) {
      const subscriber = await readSubscriber(tx, address);
      return subscriber?.request === request ? { state: 'already', subscriber } : { state: 'gone' };
    }
    const pending = pendingFromRow(row);
    const subscriber: Subscriber = {
      email: pending.email,
      lang: pending.lang,
      categories: [...new Set(pending.categories)].sort(),
      confirmedAt: now.toISOString(),
      request,
      noticeVersion: pending.noticeVersion,
    };
    const { lang, categories, noticeVersion } = subscriber;
    await recordConsent(
      tx,
      address,
      { event: 'given', at: subscriber.confirmedAt, categories, lang, noticeVersion, by: 'confirmation link' },
      now,
    );
    await tx.query(
      `INSERT INTO alert_subscribers (address_key, email, email_normalised, lang, confirmed_at, request, notice_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (address_key) DO UPDATE SET email = excluded.email, email_normalised = excluded.email_normalised,
         lang = excluded.lang, confirmed_at = excluded.confirmed_at, request = excluded.request,
         notice_version = excluded.notice_version`,
      [
        address,
        subscriber.email,
        normaliseEmail(subscriber.email),
        lang,
        subscriber.confirmedAt,
        request,
        noticeVersion,
      ],
    );
    await tx.query('DELETE FROM alert_memberships WHERE subscriber = $1 AND NOT (category = ANY($2))', [
      address,
      categories,
    ]);
    await tx.query(
      `INSERT INTO alert_memberships (subscriber, category) SELECT $1, unnest($2::text[])
       ON CONFLICT ON CONSTRAINT alert_memberships_once DO NOTHING`,
      [address, categories],
    );
    return { state: 'confirmed', subscriber };
  });
}

/**
 * Unsubscribes `address` from every alert in one transaction: the subscriber
 * and memberships gone, the withdrawal recorded, any waiting request
 * forgotten. Null when it was not subscribed.
 */
export async function unsubscribe(
  db: Database,
  address: string,
  now: Date,
  by: ConsentEvent['by'] = 'unsubscribe link',
): Promise<Subscriber | null> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM alert_requests WHERE address_key = $1', [address]);
    const subscriber = await readSubscriber(tx, address);
    if (!subscriber) return null;
    await tx.query('DELETE FROM alert_subscribers WHERE address_key = $1', [address]);
    const { lang, categories, noticeVersion } = subscriber;
    await recordConsent(
      tx,
      address,
      { event: 'withdrawn', at: now.toISOString(), categories, lang, noticeVersion, by },
      now,
    );
    return subscriber;
  });
}
