// Application documents with no committed record: written to Blobs before the
// transaction that stores the record, which then failed, or left when
// deleting a record's documents failed. The retention run lists the Blobs
// prefix `application/` (keys sort by id, so by arrival) and deletes the files
// of every id older than ORPHAN_MARGIN_MS that has no row. An id whose record
// the previous version kept in Blobs (`application/{id}/record`, not yet
// imported) is left alone.
import type { Queryable } from '../db/database.ts';
import { submissionIdTime } from './ids.ts';
import type { DocumentFiles } from './read.ts';

/** Longer than any function takes (30 s) between writing documents and committing their record. */
export const ORPHAN_MARGIN_MS = 60 * 60 * 1000;

export interface OrphanSweep {
  /** Keys listed. */
  listed: number;
  /** Document keys deleted (or, in a dry run, that would be). */
  deleted: number;
  /** False when the time ran out before the listing reached the margin. */
  complete: boolean;
}

/** Deletes (unless `dryRun`) documents without a record, oldest first, until `spent()` or the margin. */
export async function sweepOrphanDocuments(
  db: Queryable,
  files: DocumentFiles,
  { now, dryRun, spent }: { now: Date; dryRun: boolean; spent: () => boolean },
): Promise<OrphanSweep> {
  const sweep: OrphanSweep = { listed: 0, deleted: 0, complete: true };
  const margin = now.getTime() - ORPHAN_MARGIN_MS;
  for await (const page of files.list({ prefix: 'application/', paginate: true })) {
    const byId = new Map<string, string[]>();
    let reachedYoung = false;
    for (const { key } of page.blobs) {
      sweep.listed++;
      const id = /^application\/([^/]+)\//.exec(key)?.[1];
      const time = id === undefined ? null : submissionIdTime(id);
      if (!id || !time) continue;
      if (time.getTime() >= margin) {
        reachedYoung = true;
        continue;
      }
      byId.set(id, [...(byId.get(id) ?? []), key]);
    }
    const ids = [...byId.keys()];
    const kept = new Set(
      (await db.query<{ id: string }>(`SELECT id FROM submissions WHERE id = ANY($1::text[])`, [ids])).map(
        (row) => row.id,
      ),
    );
    for (const [id, keys] of byId) {
      // A record the previous version kept, maybe on the next page of the listing.
      if (kept.has(id) || (await files.get(`application/${id}/record`)) !== null) continue;
      const documents = keys.filter((key) => key.includes('/files/'));
      if (!dryRun) await Promise.all(documents.map((key) => files.delete(key)));
      sweep.deleted += documents.length;
    }
    if (reachedYoung) return sweep;
    if (spent()) {
      sweep.complete = false;
      return sweep;
    }
  }
  return sweep;
}
