// Submissions whose honeypot field was filled: answered as a success, never
// e-mailed, but kept briefly (honeypot/{id}, HONEYPOT_KEEP_DAYS) so a person
// whose browser filled the hidden field can be found (`npm run submissions --
// honeypot`), at most the form's daily limit of them a day. Why:
// docs/architecture.md, "Honeypot hits".
import type { Store } from '@netlify/blobs';
import type { ApplicationFileField } from '../../forms/application/application.ts';
import { HONEYPOT_KEEP_DAYS } from '../../lib/privacy.ts';
import type { UploadedDocument } from '../documents/uploads.ts';
import type { ErrorLogger } from '../http/responses.ts';
import { countToday } from './daily-limit.ts';
import type { SubmissionMeta } from './record.ts';
import type { SubmissionStore, SubmissionType } from './store.ts';

export const HONEYPOT_PREFIX = 'honeypot/';

export interface HoneypotHit {
  schemaVersion: 1;
  id: string;
  form: SubmissionType;
  receivedAt: string;
  /** What was sent, as it was parsed (not validated): enough for staff to answer a real person. */
  data: unknown;
  /**
   * An application's documents, described but not kept: a bot's four
   * documents a hit would cost megabytes, and a real applicant can send them again.
   */
  documents?: Array<{ field: ApplicationFileField; name: string; type: string; size: number }>;
}

const honeypotKey = (id: string) => `${HONEYPOT_PREFIX}${id}`;

interface HoneypotArrival {
  form: SubmissionType;
  /** What was sent, parsed but not validated. */
  data: unknown;
  documents: readonly UploadedDocument[];
  /** How many to keep today: the form's own daily limit. */
  limit: number;
  meta: SubmissionMeta;
  log: ErrorLogger;
  requestId: string | undefined;
}

/**
 * Counts a hit, keeps it unless today's are already `limit`, and logs it by
 * form, id and count alone. Throws if the store fails; the caller answers as
 * a success all the same.
 */
export async function keepHoneypotHit(
  store: Pick<SubmissionStore, 'get' | 'set' | 'setJSON'>,
  { form, data, documents, limit, meta, log, requestId }: HoneypotArrival,
): Promise<void> {
  const count = await countToday(store, `${form}-honeypot`, limit, meta.receivedAt);
  if (count === null) {
    log({
      level: 'info',
      what: 'honeypot filled: answered as received; not kept, today’s limit is reached',
      form,
      requestId,
    });
    return;
  }
  const hit: HoneypotHit = {
    schemaVersion: 1,
    id: meta.id,
    form,
    receivedAt: meta.receivedAt.toISOString(),
    data,
    ...(documents.length > 0
      ? {
          documents: documents.map((document) => ({
            field: document.field,
            name: document.partFilename,
            type: document.detectedType.mime,
            size: document.size,
          })),
        }
      : {}),
  };
  const { modified } = await store.setJSON(honeypotKey(hit.id), hit, { onlyIfNew: true });
  if (!modified) throw new Error(`${honeypotKey(hit.id)} already existed`);
  log({
    level: 'info',
    what: `honeypot filled: answered as received, kept ${HONEYPOT_KEEP_DAYS} days (npm run submissions -- honeypot)`,
    form,
    honeypotId: hit.id,
    today: count,
    requestId,
  });
}

/** Every hit kept, oldest first. The whole store is listed, not by prefix: see read.ts. */
export async function listHoneypotHits(store: Pick<Store, 'list' | 'get'>): Promise<HoneypotHit[]> {
  const { blobs } = await store.list();
  const keys = blobs
    .map((blob) => blob.key)
    .filter((key) => key.startsWith(HONEYPOT_PREFIX))
    .sort();
  const hits = await Promise.all(keys.map((key) => store.get(key, { type: 'json' }) as Promise<HoneypotHit | null>));
  return hits.filter((hit): hit is HoneypotHit => hit !== null);
}

/** One hit by its id, or null. */
export async function readHoneypotHit(store: Pick<Store, 'get'>, id: string): Promise<HoneypotHit | null> {
  return (await store.get(honeypotKey(id), { type: 'json' })) as HoneypotHit | null;
}
