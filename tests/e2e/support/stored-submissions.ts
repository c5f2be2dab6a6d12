// Reading what the form functions stored on the server the e2e tests run
// against (scripts/serve.ts, serving E2E_ROOT: ./e2e-server.ts): records from its
// database (servedDatabase, through the address it writes in
// .netlify/database-url), documents from its local Netlify Blobs on disk:
//
//   .netlify/blobs-serve/entries/<site id>/site:submissions/<key>
//
// where <key> is application/{id}/files/{field}. Tests find their own
// submission by a value only they sent, such as a random e-mail address.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SUBMISSIONS_STORE } from '../../../src/server/submissions/store.ts';
import type {
  ApplicationRecord,
  ConsultationRecord,
  ContactRecord,
  SubmissionRecord,
} from '../../../src/server/submissions/record.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../../../src/server/submissions/rows.ts';
import { servedDatabase } from '../../support/database.ts';
import { E2E_ROOT } from './e2e-server.ts';

const ENTRIES = join(E2E_ROOT, '.netlify/blobs-serve/entries');

interface RecordByType {
  contact: ContactRecord;
  consultation: ConsultationRecord;
  application: ApplicationRecord;
}

async function exists(path: string) {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The submissions store's folder of every site id the local server has used. */
async function storeDirectories(): Promise<string[]> {
  if (!(await exists(ENTRIES))) return [];
  const sites = await readdir(ENTRIES);
  const directories: string[] = [];
  for (const site of sites) {
    for (const store of await readdir(join(ENTRIES, site)).catch(() => [] as string[])) {
      // Site-wide stores are kept as "site:<name>".
      if (store === SUBMISSIONS_STORE || store === `site:${SUBMISSIONS_STORE}`)
        directories.push(join(ENTRIES, site, store));
    }
  }
  return directories;
}

/** Every stored record of `type`, read from the served database. */
async function storedRecords<Type extends SubmissionRecord['type']>(type: Type): Promise<RecordByType[Type][]> {
  const db = servedDatabase(E2E_ROOT);
  try {
    const rows = await db.query<SubmissionRow>(`SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE type = $1`, [type]);
    return rows.map((row) => recordFromRow(row) as RecordByType[Type]);
  } finally {
    await db.close();
  }
}

/**
 * The stored record of `type` that `matches`, waiting up to `timeout` ms for it
 * to appear. Fails if none, or more than one, matches.
 */
export async function findStoredRecord<Type extends SubmissionRecord['type']>(
  type: Type,
  matches: (record: RecordByType[Type]) => boolean,
  { timeout = 5_000 } = {},
): Promise<RecordByType[Type]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await storedRecords(type)).filter(matches);
    if (found.length > 1) throw new Error(`${found.length} stored ${type} records match; expected one`);
    if (found.length === 1) return found[0]!;
    if (Date.now() > deadline) throw new Error(`no stored ${type} record matches`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether any stored record of `type` matches (no waiting). */
export async function hasStoredRecord<Type extends SubmissionRecord['type']>(
  type: Type,
  matches: (record: RecordByType[Type]) => boolean,
): Promise<boolean> {
  return findStoredRecord(type, matches, { timeout: 0 }).then(
    () => true,
    () => false,
  );
}

/** The bytes stored under a key of the submissions store, e.g. a document's `application/{id}/files/cv_file`. */
export async function readStoredBlob(key: string): Promise<Buffer> {
  for (const store of await storeDirectories()) {
    const path = join(store, ...key.split('/'));
    if (await exists(path)) return readFile(path);
  }
  throw new Error(`nothing stored under ${key}`);
}
