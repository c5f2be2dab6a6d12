// An application sent again after its answer was lost (a phone's connection
// dropped while the server replied) must not be stored or notified twice.
// The form sends a random key per form fill in the `Idempotency-Key` header;
// the function remembers, for a day, which submission that key stored and a
// digest of what it held. A repeat with other content (a document swapped
// after the answer was lost) is refused rather than answered as received: its
// change would otherwise be silently dropped.
//
// Store "submissions":  idempotency/{form}/{sha256 of the key}  →  a Claim
// The key itself is never stored; a claim holds no personal data.
import { createHash } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import { badRequest, HttpError } from '../http/responses.ts';
import type { ApplicationRecord } from './record.ts';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** How long a key stands for its submission. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claim whose request is still storing holds off a repeat. A
 * function runs at most 30 s on Netlify, so an older pending claim belongs to a
 * request that died, and a repeat may take it over.
 */
export const PENDING_CLAIM_MS = 60 * 1000;

const KEY = /^[A-Za-z0-9_-]{16,128}$/;

const stillStoring = () =>
  new HttpError(409, 'Your application is still being received. Please wait a moment: it will not be sent twice.');

const otherContent = () =>
  new HttpError(
    409,
    'We have already received your application from this form. If you want to send a corrected one, please reload the page and apply again.',
  );

/** `digest` is applicationDigest() of what the claiming request sent; claims made before it existed have none. */
type Claim =
  | { state: 'pending'; at: string; digest: string }
  | { state: 'stored'; at: string; submissionId: string; digest?: string };

export type IdempotencyStore = Pick<Store, 'getWithMetadata' | 'setJSON' | 'delete'>;

/** The request's key, or undefined when it sent none. A malformed key is the sender's error. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.headers.get(IDEMPOTENCY_HEADER)?.trim();
  if (!value) return undefined;
  if (!KEY.test(value))
    throw badRequest(`The ${IDEMPOTENCY_HEADER} header must be 16 to 128 letters, digits, "-" or "_".`);
  return value;
}

/** Where every claim's key starts: the retention job lists them by it. */
export const CLAIM_PREFIX = 'idempotency/';

const claimKey = (form: string, key: string) =>
  `${CLAIM_PREFIX}${form}/${createHash('sha256').update(key).digest('hex')}`;

/**
 * Whether a stored claim is past the window: it no longer holds off anything
 * (a pending one lapses far sooner), so the retention job may delete it.
 * Anything that does not say when it was made is kept.
 */
export function claimHasLapsed(stored: unknown, now: Date): boolean {
  const at =
    typeof stored === 'object' && stored !== null ? Date.parse(String((stored as { at?: unknown }).at)) : Number.NaN;
  return now.getTime() - at >= IDEMPOTENCY_WINDOW_MS;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What an application holds, as a SHA-256: the fields its record keeps (sorted
 * by name, so the digest does not hang on the order the schema lists them) and
 * each document's field and SHA-256, in document order. The document hashes
 * cannot be guessed, so neither can the fields be found from the digest.
 */
export function applicationDigest({ fields, files }: Pick<ApplicationRecord, 'fields' | 'files'>): string {
  const sortedFields = Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify([sortedFields, files.map((file) => [file.field, file.sha256])]));
}

export type ClaimOutcome =
  /** First time (or the last claim lapsed): store the submission, then `stored(id)`; on failure `release()`. */
  | { kind: 'new'; stored(submissionId: string): Promise<void>; release(): Promise<void> }
  /** The same content already stored within the window: answer as then, store nothing. */
  | { kind: 'repeat'; submissionId: string };

/**
 * Claims `key` for one submission of `form` whose content has `digest`. Throws
 * a 409 HttpError while another request with the same key is still being
 * stored, or when the key already stored other content (or content from
 * before claims held a digest, which cannot be shown to be the same).
 */
export async function claimIdempotencyKey(
  store: IdempotencyStore,
  form: string,
  key: string,
  digest: string,
  now: Date,
): Promise<ClaimOutcome> {
  const blobKey = claimKey(form, key);
  const pending: Claim = { state: 'pending', at: now.toISOString(), digest };
  const claimed = (etag: string | undefined): ClaimOutcome => ({
    kind: 'new',
    stored: async (submissionId) => {
      await store.setJSON(
        blobKey,
        { state: 'stored', at: now.toISOString(), submissionId, digest } satisfies Claim,
        etag ? { onlyIfMatch: etag } : {},
      );
    },
    release: async () => {
      await store.delete(blobKey);
    },
  });

  const created = await store.setJSON(blobKey, pending, { onlyIfNew: true });
  if (created.modified) return claimed(created.etag);

  const existing = await store.getWithMetadata(blobKey, { type: 'json' });
  const claim = existing?.data as Claim | undefined;
  const age = claim ? now.getTime() - Date.parse(claim.at) : Number.POSITIVE_INFINITY;
  if (claim?.state === 'stored' && age < IDEMPOTENCY_WINDOW_MS) {
    if (claim.digest !== digest) throw otherContent();
    return { kind: 'repeat', submissionId: claim.submissionId };
  }
  if (claim?.state === 'pending' && age < PENDING_CLAIM_MS) {
    throw stillStoring();
  }
  // A lapsed claim (or one deleted meanwhile): take it over, unless another repeat just did.
  // Without an ETag to match (the local Blobs server sends none on reads), replace it by delete and create.
  if (existing && !existing.etag) await store.delete(blobKey);
  const taken = await store.setJSON(
    blobKey,
    pending,
    existing?.etag ? { onlyIfMatch: existing.etag } : { onlyIfNew: true },
  );
  if (!taken.modified) throw stillStoring();
  return claimed(taken.etag);
}
