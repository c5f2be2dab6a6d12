// An application sent again after its answer was lost (a phone's connection
// dropped while the server replied) must not be stored or notified twice.
// The form sends a random key per form fill in the `Idempotency-Key` header;
// the function claims it as a row of `idempotency_keys` (migration 0004): the
// primary key lets one request hold it, and the row, marked 'stored' in the
// transaction that stores the submission, says for a day which submission the
// key stored and a digest of what it held. A repeat with other content (a
// document swapped after the answer was lost) is refused rather than answered
// as received: its change would otherwise be silently dropped. The key itself
// is never stored, only its SHA-256; a claim holds no personal data.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { badRequest, HttpError } from '../http/responses.ts';
import type { ApplicationRecord } from './record.ts';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** How long a key stands for its submission; retention deletes claims older than this. */
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

/** The request's key, or undefined when it sent none. A malformed key is the sender's error. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.headers.get(IDEMPOTENCY_HEADER)?.trim();
  if (!value) return undefined;
  if (!KEY.test(value))
    throw badRequest(`The ${IDEMPOTENCY_HEADER} header must be 16 to 128 letters, digits, "-" or "_".`);
  return value;
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
  /**
   * First time (or the last claim lapsed): store the submission, calling
   * `stored(tx, id)` in its transaction; on failure `release()`.
   */
  | { kind: 'new'; stored(tx: Queryable, submissionId: string): Promise<void>; release(): Promise<void> }
  /** The same content already stored within the window: answer as then, store nothing. */
  | { kind: 'repeat'; submissionId: string };

interface ClaimRow {
  state: 'pending' | 'stored';
  digest: string;
  submission_id: string | null;
  claimed_at: Date;
}

/**
 * Claims `key` for one submission of `form` whose content has `digest`. Throws
 * a 409 HttpError while another request with the same key is still being
 * stored, or when the key already stored other content.
 */
export async function claimIdempotencyKey(
  db: Queryable,
  form: string,
  key: string,
  digest: string,
  now: Date,
): Promise<ClaimOutcome> {
  const keyHash = sha256(key);
  // Ours while claimed_at is what we wrote: a request that takes a lapsed claim over writes its own time.
  const claimed = (): ClaimOutcome => ({
    kind: 'new',
    stored: async (tx, submissionId) => {
      const rows = await tx.query(
        `UPDATE idempotency_keys SET state = 'stored', submission_id = $3
         WHERE form = $1 AND key_hash = $2 AND claimed_at = $4 AND state = 'pending' RETURNING form`,
        [form, keyHash, submissionId, now],
      );
      // Taken over meanwhile (this request outlived PENDING_CLAIM_MS): storing too would store the fill twice.
      if (rows.length === 0) throw stillStoring();
    },
    release: async () => {
      await db.query(
        `DELETE FROM idempotency_keys WHERE form = $1 AND key_hash = $2 AND claimed_at = $3 AND state = 'pending'`,
        [form, keyHash, now],
      );
    },
  });

  const inserted = await db.query(
    `INSERT INTO idempotency_keys (form, key_hash, state, digest, claimed_at) VALUES ($1, $2, 'pending', $3, $4)
     ON CONFLICT DO NOTHING RETURNING form`,
    [form, keyHash, digest, now],
  );
  if (inserted.length > 0) return claimed();

  const [claim] = await db.query<ClaimRow>(
    `SELECT state, digest, submission_id, claimed_at FROM idempotency_keys WHERE form = $1 AND key_hash = $2`,
    [form, keyHash],
  );
  // Deleted meanwhile (a release, or retention): a request that retries will find it free.
  if (!claim) throw stillStoring();
  const age = now.getTime() - claim.claimed_at.getTime();
  if (claim.state === 'stored' && age < IDEMPOTENCY_WINDOW_MS) {
    if (claim.digest !== digest || !claim.submission_id) throw otherContent();
    return { kind: 'repeat', submissionId: claim.submission_id };
  }
  if (claim.state === 'pending' && age < PENDING_CLAIM_MS) throw stillStoring();
  // A lapsed claim: take it over, unless another repeat took it since it was read.
  const taken = await db.query(
    `UPDATE idempotency_keys SET state = 'pending', digest = $3, submission_id = NULL, claimed_at = $4
     WHERE form = $1 AND key_hash = $2 AND claimed_at = $5 RETURNING form`,
    [form, keyHash, digest, now, claim.claimed_at],
  );
  if (taken.length === 0) throw stillStoring();
  return claimed();
}
