import { describe, expect, it } from 'vitest';
import { newSubmissionId, isSubmissionId } from '../../../../src/server/submissions/ids.ts';
import { StorageError, submissionKeys, writeDocuments } from '../../../../src/server/submissions/store.ts';
import { failingStore } from '../../../support/blobs.ts';
import { localBlobsPerTest } from '../../../support/local-blobs-per-test.ts';

const blobs = localBlobsPerTest();

describe('writing an application’s documents to Blobs', () => {
  const documents = (['cv_file', 'kcse_file'] as const).map((field) => ({
    field,
    bytes: new TextEncoder().encode(field),
    mime: 'application/pdf',
    metadata: { field },
  }));

  it('writes each under application/{id}/files/, and removes them all again when asked', async () => {
    const id = newSubmissionId();
    const written = await writeDocuments(blobs.store(), id, documents);
    expect(await blobs.keys()).toEqual([`application/${id}/files/cv_file`, `application/${id}/files/kcse_file`]);
    await written.remove();
    expect(await blobs.keys()).toEqual([]);
  });

  it('removes those written when one fails, and reports any it could not remove', async () => {
    const id = newSubmissionId();
    const orphans: string[] = [];
    const store = failingStore(
      blobs.store(),
      (operation, key) => (operation === 'set' && key.endsWith('/kcse_file')) || operation === 'delete',
    );
    await expect(writeDocuments(store, id, documents, { onOrphan: (key) => orphans.push(key) })).rejects.toBeInstanceOf(
      StorageError,
    );
    expect(orphans).toEqual([`application/${id}/files/cv_file`, `application/${id}/files/kcse_file`]);
  });

  it('never overwrites, nor deletes, a document that already exists', async () => {
    const id = newSubmissionId();
    await writeDocuments(blobs.store(), id, documents.slice(0, 1));
    await expect(
      writeDocuments(blobs.store(), id, [{ ...documents[0]!, bytes: new TextEncoder().encode('other') }]),
    ).rejects.toBeInstanceOf(StorageError);
    expect(await blobs.store().get(submissionKeys.applicationFile(id, 'cv_file'), { type: 'text' })).toBe('cv_file');
  });
});

describe('submission ids', () => {
  it('are ULIDs that sort by time and do not repeat', () => {
    const earlier = newSubmissionId(Date.UTC(2025, 0, 1));
    const later = newSubmissionId(Date.UTC(2025, 0, 2));
    expect(isSubmissionId(earlier)).toBe(true);
    expect(earlier < later).toBe(true);
    const many = new Set(Array.from({ length: 1000 }, () => newSubmissionId()));
    expect(many.size).toBe(1000);
  });
});
