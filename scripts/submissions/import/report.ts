// What `npm run submissions -- import-blobs` tells of each kind of record it
// copied from a site's Netlify Blobs (as the version before Netlify Database
// kept them) into the database: how many it copied, how many were there
// already (a second run copies nothing twice), and each it could not copy, with
// why. Each kind has its importer in this folder; none deletes anything from Blobs.
import type { Store } from '@netlify/blobs';
import type { Database } from '../../../src/server/db/database.ts';

export interface ImportReport {
  /** Rows written, by kind ("contact messages", "holds", …). */
  copied: Record<string, number>;
  /** Records found already in the database, by kind. */
  alreadyThere: Record<string, number>;
  /** Blobs that could not be copied: the key (never personal data) and why. */
  failed: Array<{ key: string; reason: string }>;
}

/** The Blobs stores the previous version kept records in, opened as the tool opens them. */
export interface OldStores {
  /** "submissions" ("submissions-preview" on a preview): records, holds, answers, claims, notes, settings. */
  submissions: Pick<Store, 'get' | 'getWithMetadata' | 'list'>;
  /** "alerts": subscriptions, consents, the alert queue. */
  alerts: Pick<Store, 'get' | 'getWithMetadata' | 'list'>;
}

/** Copies one kind's records; safe to run again (what is there already is counted, not copied). */
export type Importer = (from: OldStores, db: Database) => Promise<ImportReport>;

export const emptyImportReport = (): ImportReport => ({ copied: {}, alreadyThere: {}, failed: [] });
