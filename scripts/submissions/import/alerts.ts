// import-blobs, article alerts: what the version before Netlify Database kept
// in the Blobs store "alerts" — alerts/pending/{address}, alerts/subscribers/
// {address} (with its categories), alerts/consents/{address}/{id},
// alerts/articles/{ref} and alerts/sent/{ref}/{address} — copied into the
// tables of 0006_alerts.sql. The marker keys (requested/, unmailed/, members/,
// queue/) and the send leases only repeated what those records say, and the
// publish webhook's deliveries (store "content-webhook") live minutes: none is
// copied. A row already there is counted, never overwritten; nothing is deleted.
import * as v from 'valibot';
import { errorMessage } from '../../../src/lib/error-message.ts';
import { LANGUAGES } from '../../../src/lib/i18n/languages.ts';
import { isAddressKey } from '../../../src/server/alerts/store.ts';
import type { Database } from '../../../src/server/db/database.ts';
import { isSubmissionId } from '../../../src/server/submissions/ids.ts';
import { normaliseEmail } from '../../../src/server/submissions/rows.ts';
import { emptyImportReport, type ImportReport, type Importer, type OldStores } from './report.ts';

const PREFIX = 'alerts/';
const instant = v.pipe(v.string(), v.isoTimestamp());
const categories = v.array(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)));
const lang = v.picklist(LANGUAGES);

const pendingSchema = v.object({
  request: v.pipe(v.string(), v.nonEmpty()),
  email: v.pipe(v.string(), v.email()),
  lang,
  categories,
  requestedAt: instant,
  noticeVersion: v.string(),
  mail: v.object({ sentAt: v.optional(instant), attempts: v.number(), lastError: v.optional(v.string()) }),
});
const subscriberSchema = v.object({
  email: v.pipe(v.string(), v.email()),
  lang,
  categories,
  confirmedAt: instant,
  request: v.pipe(v.string(), v.nonEmpty()),
  noticeVersion: v.string(),
});
const consentSchema = v.object({
  event: v.picklist(['given', 'withdrawn']),
  at: instant,
  categories,
  lang,
  noticeVersion: v.string(),
  by: v.picklist(['confirmation link', 'unsubscribe link', 'written request']),
});
const articleSchema = v.object({
  state: v.picklist(['queued', 'sending', 'sent', 'cancelled', 'expired']),
  slug: v.pipe(v.string(), v.nonEmpty()),
  queuedAt: instant,
  article: v.optional(
    v.object({
      slug: v.string(),
      title: v.string(),
      summary: v.string(),
      date: v.string(),
      author: v.string(),
      category: v.string(),
    }),
  ),
  liveAt: v.optional(instant),
  failedRuns: v.optional(v.number(), 0),
  notBefore: v.optional(instant),
  endedAt: v.optional(instant),
  sent: v.optional(v.number()),
});
const sendSchema = v.object({
  state: v.picklist(['sending', 'sent', 'skipped', 'unknown']),
  at: instant,
  error: v.optional(v.string()),
});

/** `raw` as `schema` says, or an error naming the key and the first field that is wrong. */
function checked<S extends v.GenericSchema>(schema: S, raw: unknown, key: string): v.InferOutput<S> {
  const result = v.safeParse(schema, raw);
  if (result.success) return result.output;
  const [issue] = result.issues;
  throw new Error(`${key}: ${v.getDotPath(issue) ?? 'the record'}: ${issue.message}`);
}

/** One kind of old record: its key's shape (the parts after the prefix) and the insert that copies it. */
interface Kind {
  name: string;
  prefix: string;
  parts: RegExp;
  /** True when it wrote its rows, false when they were there already. */
  insert(db: Database, raw: unknown, key: string, parts: string[]): Promise<boolean>;
}

const wrote = (rows: unknown[]) => rows.length > 0;
const HEX_REF = /^[0-9a-f]{32}$/;
const address = (part: string, key: string) => {
  if (!isAddressKey(part)) throw new Error(`${key} does not end in an address key`);
  return part;
};

/** In the order they are copied: a send names its article, so articles come first. */
const KINDS: readonly Kind[] = [
  {
    name: 'alert requests',
    prefix: `${PREFIX}pending/`,
    parts: /^([^/]+)$/,
    insert: async (db, raw, key, [part = '']) => {
      const pending = checked(pendingSchema, raw, key);
      const { mail } = pending;
      return wrote(
        await db.query(
          `INSERT INTO alert_requests (address_key, email, email_normalised, request, lang, categories, requested_at,
             notice_version, mail_sent_at, mail_attempts, mail_last_error)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (address_key) DO NOTHING RETURNING 1`,
          [
            address(part, key),
            pending.email,
            normaliseEmail(pending.email),
            pending.request,
            pending.lang,
            pending.categories,
            pending.requestedAt,
            pending.noticeVersion,
            mail.sentAt ?? null,
            mail.attempts,
            mail.lastError ?? null,
          ],
        ),
      );
    },
  },
  {
    name: 'alert subscribers',
    prefix: `${PREFIX}subscribers/`,
    parts: /^([^/]+)$/,
    insert: (db, raw, key, [part = '']) => {
      const subscriber = checked(subscriberSchema, raw, key);
      const addressKey = address(part, key);
      // The subscriber and their memberships together, or neither.
      return db.transaction(async (tx) => {
        const rows = await tx.query(
          `INSERT INTO alert_subscribers (address_key, email, email_normalised, lang, confirmed_at, request,
             notice_version)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (address_key) DO NOTHING RETURNING 1`,
          [
            addressKey,
            subscriber.email,
            normaliseEmail(subscriber.email),
            subscriber.lang,
            subscriber.confirmedAt,
            subscriber.request,
            subscriber.noticeVersion,
          ],
        );
        if (!wrote(rows)) return false;
        await tx.query(
          `INSERT INTO alert_memberships (subscriber, category) SELECT $1, unnest($2::text[])
           ON CONFLICT ON CONSTRAINT alert_memberships_once DO NOTHING`,
          [addressKey, [...new Set(subscriber.categories)]],
        );
        return true;
      });
    },
  },
  {
    name: 'alert consents',
    prefix: `${PREFIX}consents/`,
    parts: /^([^/]+)\/([^/]+)$/,
    insert: async (db, raw, key, [part = '', id = '']) => {
      const consent = checked(consentSchema, raw, key);
      if (!isSubmissionId(id)) throw new Error(`${key} does not end in a record id`);
      return wrote(
        await db.query(
          `INSERT INTO alert_consents (id, address_key, event, at, categories, lang, notice_version, by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING 1`,
          [
            id,
            address(part, key),
            consent.event,
            consent.at,
            consent.categories,
            consent.lang,
            consent.noticeVersion,
            consent.by,
          ],
        ),
      );
    },
  },
  {
    name: 'article alerts',
    prefix: `${PREFIX}articles/`,
    parts: /^([0-9a-f]{32})$/,
    insert: async (db, raw, key, [ref]) => {
      const alert = checked(articleSchema, raw, key);
      return wrote(
        await db.query(
          `INSERT INTO alert_articles (ref, slug, state, queued_at, article, live_at, failed_runs, not_before,
             ended_at, sent)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT ON CONSTRAINT alert_articles_first_publish DO NOTHING RETURNING 1`,
          [
            ref,
            alert.slug,
            alert.state,
            alert.queuedAt,
            alert.article ? JSON.stringify(alert.article) : null,
            alert.liveAt ?? null,
            alert.failedRuns,
            alert.notBefore ?? null,
            alert.endedAt ?? null,
            alert.sent ?? null,
          ],
        ),
      );
    },
  },
  {
    name: 'alert sends',
    prefix: `${PREFIX}sent/`,
    parts: /^([^/]+)\/([^/]+)$/,
    insert: async (db, raw, key, [ref = '', part = '']) => {
      const send = checked(sendSchema, raw, key);
      if (!HEX_REF.test(ref)) throw new Error(`${key} does not name an article`);
      const subscriber = address(part, key);
      if (!wrote(await db.query('SELECT 1 FROM alert_articles WHERE ref = $1', [ref])))
        throw new Error(`${key} names an article alert the store does not hold`);
      return wrote(
        await db.query(
          `INSERT INTO alert_sends (article, subscriber, state, at, error) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT ON CONSTRAINT alert_sends_once DO NOTHING RETURNING 1`,
          [ref, subscriber, send.state, send.at, send.error ?? null],
        ),
      );
    },
  },
];

const count = (tally: Record<string, number>, kind: string) => (tally[kind] = (tally[kind] ?? 0) + 1);

async function copyOne(from: OldStores, db: Database, kind: Kind, key: string, report: ImportReport) {
  try {
    const parts = kind.parts.exec(key.slice(kind.prefix.length));
    if (!parts) throw new Error(`${key} is not a key of ${kind.name}`);
    const raw: unknown = await from.alerts.get(key, { type: 'json' });
    if (raw === null) return; // deleted since it was listed
    const inserted = await kind.insert(db, raw, key, parts.slice(1));
    count(inserted ? report.copied : report.alreadyThere, kind.name);
  } catch (error) {
    report.failed.push({ key, reason: errorMessage(error) });
  }
}

export const importAlerts: Importer = async (from, db) => {
  const report = emptyImportReport();
  for (const kind of KINDS) {
    for await (const page of from.alerts.list({ prefix: kind.prefix, paginate: true })) {
      // The local Blobs server also lists keys that only start like the prefix.
      for (const { key } of page.blobs) if (key.startsWith(kind.prefix)) await copyOne(from, db, kind, key, report);
    }
  }
  return report;
};
