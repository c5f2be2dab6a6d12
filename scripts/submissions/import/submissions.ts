// import-blobs, submissions: every record the version before Netlify Database
// kept in the Blobs store "submissions" — contact/{id}, consultation/{id},
// application/{id}/record (each with its `notified`), honeypot/{id},
// erasures/{id} and the settings (settings/site, settings/document-link-secret,
// settings/erasure-hash-key) — copied into their tables. A row already there
// (by its key) is counted, never overwritten; application documents stay where
// they are (the same keys); nothing is deleted from Blobs.
import type { Queryable } from '../../../src/server/db/database.ts';
import { isUniqueViolation } from '../../../src/server/db/unavailable.ts';
import { errorMessage } from '../../../src/lib/error-message.ts';
import { isSubmissionId } from '../../../src/server/submissions/ids.ts';
import { normaliseRecord } from '../../../src/server/submissions/record.ts';
import { insertSubmission } from '../../../src/server/submissions/rows.ts';
import { emptyImportReport, type ImportReport, type Importer, type OldStores } from './report.ts';

/** Each Blobs setting, by the `settings` row it becomes (as site-settings.ts, documents/links.ts and erasures.ts name them). */
const SETTINGS: ReadonlyArray<{ key: string; name: string; type: 'json' | 'text' }> = [
  { key: 'settings/site', name: 'site', type: 'json' },
  { key: 'settings/document-link-secret', name: 'document-link-secret', type: 'text' },
  { key: 'settings/erasure-hash-key', name: 'erasure-hash-key', type: 'text' },
];

/** What one old blob becomes: the kind it is counted under and the insert that copies it (false: there already). */
interface Copy {
  kind: string;
  key: string;
  insert(db: Queryable, raw: unknown): Promise<boolean>;
}

/** Whether the insert wrote its row: false when the row's key was there already. */
const wrote = async (insert: Promise<unknown[]>) => (await insert).length > 0;

const insertRecord = async (db: Queryable, raw: unknown, key: string) => {
  try {
    await insertSubmission(db, normaliseRecord(raw, key));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
};

const asObject = (raw: unknown, key: string) => {
  if (typeof raw !== 'object' || raw === null) throw new Error(`${key} does not hold a JSON object`);
  return raw as Record<string, unknown>;
};

/** What the key is, if it is one this importer copies. */
function copyOf(key: string): Copy | null {
  const enquiry = /^(contact|consultation)\/([^/]+)$/.exec(key);
  if (enquiry)
    return {
      kind: enquiry[1] === 'contact' ? 'contact messages' : 'consultation requests',
      key,
      insert: (db, raw) => insertRecord(db, raw, key),
    };
  if (/^application\/[^/]+\/record$/.test(key))
    return { kind: 'applications', key, insert: (db, raw) => insertRecord(db, raw, key) };
  const honeypot = /^honeypot\/([^/]+)$/.exec(key)?.[1];
  if (honeypot && isSubmissionId(honeypot))
    return {
      kind: 'honeypot hits',
      key,
      insert: (db, raw) => {
        const hit = asObject(raw, key);
        return wrote(
          db.query(
            `INSERT INTO honeypot_hits (id, form, received_at, data, documents) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (id) DO NOTHING RETURNING id`,
            [
              honeypot,
              hit.form,
              hit.receivedAt,
              JSON.stringify(hit.data ?? null),
              hit.documents ? JSON.stringify(hit.documents) : null,
            ],
          ),
        );
      },
    };
  const erasure = /^erasures\/([^/]+)$/.exec(key)?.[1];
  if (erasure && isSubmissionId(erasure))
    return {
      kind: 'erasure notes',
      key,
      insert: (db, raw) => {
        const note = asObject(raw, key);
        const counts = asObject(note.counts, key);
        return wrote(
          db.query(
            `INSERT INTO erasures (id, erased_at, counts, documents, email_hmac) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (id) DO NOTHING RETURNING id`,
            [
              erasure,
              note.erasedAt,
              { ...counts, ...(note.alerts ? { alerts: note.alerts } : {}) },
              note.documents,
              note.emailHmac,
            ],
          ),
        );
      },
    };
  return null;
}

const count = (tally: Record<string, number>, kind: string) => (tally[kind] = (tally[kind] ?? 0) + 1);

/** Copies `copy`'s blob, counting it in `report`. */
async function copyOne(from: OldStores, db: Queryable, copy: Copy, report: ImportReport) {
  try {
    const raw: unknown = await from.submissions.get(copy.key, { type: 'json' });
    if (raw === null) return; // deleted since it was listed
    count((await copy.insert(db, raw)) ? report.copied : report.alreadyThere, copy.kind);
  } catch (error) {
    report.failed.push({ key: copy.key, reason: errorMessage(error) });
  }
}

export const importSubmissions: Importer = async (from, db) => {
  const report = emptyImportReport();
  for (const prefix of ['contact/', 'consultation/', 'application/', 'honeypot/', 'erasures/']) {
    for await (const page of from.submissions.list({ prefix, paginate: true })) {
      for (const { key } of page.blobs) {
        // The local Blobs server also lists keys that only start like the prefix.
        const copy = key.startsWith(prefix) ? copyOf(key) : null;
        if (copy) await copyOne(from, db, copy, report);
      }
    }
  }
  for (const { key, name, type } of SETTINGS) {
    try {
      const value: unknown =
        type === 'json' ? await from.submissions.get(key, { type: 'json' }) : await from.submissions.get(key);
      if (value === null || value === '') continue;
      const inserted = await wrote(
        db.query(`INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING name`, [
          name,
          JSON.stringify(value),
        ]),
      );
      count(inserted ? report.copied : report.alreadyThere, 'settings');
    } catch (error) {
      report.failed.push({ key, reason: errorMessage(error) });
    }
  }
  return report;
};
