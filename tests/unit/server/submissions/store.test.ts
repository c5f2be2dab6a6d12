import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { createContactHandler } from '../../../../src/server/handlers.ts';
import { newSubmissionId, isSubmissionId } from '../../../../src/server/submissions/ids.ts';
import {
  StorageError,
  submissionKeys,
  writeDocuments,
  writeSubmission,
} from '../../../../src/server/submissions/store.ts';
import { jsonRequest, validContact } from '../../../../scripts/lib/sample-requests.ts';
import { failingStore } from '../../../support/blobs.ts';
import { localBlobsPerTest } from '../../../support/local-blobs-per-test.ts';
import { CONTACT_ENDPOINT } from '../../../../src/forms/contact/contact.ts';

const blobs = localBlobsPerTest();

const parts = (id: string) =>
  (['cv_file', 'kcse_file'] as const).map((field) => ({
    key: submissionKeys.applicationFile(id, field),
    data: new Blob([field]),
  }));

describe('writing a submission to Blobs', () => {
  it('writes the parts, then the record', async () => {
    const id = newSubmissionId();
    const store = failingStore(blobs.store(), () => false);
    await writeSubmission(store, { key: submissionKeys.applicationRecord(id), value: { id } }, parts(id));
    expect(await blobs.keys()).toEqual([
      `application/${id}/files/cv_file`,
      `application/${id}/files/kcse_file`,
      `application/${id}/record`,
    ]);
    expect(store.calls.at(-1)).toEqual({ operation: 'setJSON', key: `application/${id}/record` });
  });

  it('removes every part when the record cannot be written', async () => {
    const id = newSubmissionId();
    const store = failingStore(blobs.store(), (operation) => operation === 'setJSON');
    await expect(
      writeSubmission(store, { key: submissionKeys.applicationRecord(id), value: { id } }, parts(id)),
    ).rejects.toBeInstanceOf(StorageError);
    expect(await blobs.keys()).toEqual([]);
  });

  it('keeps the store’s own error as the cause, and a form function logs it', async () => {
    const id = newSubmissionId();
    const store = failingStore(blobs.store(), (operation) => operation === 'setJSON');
    const failure = await writeSubmission(store, { key: submissionKeys.contact(id), value: { id } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StorageError);
    expect((failure as StorageError).cause).toEqual(new Error(`simulated Blobs outage on setJSON contact/${id}`));

    // Blobs refusing the function's credentials, as far as the function log shows it.
    const logged: Array<Record<string, unknown>> = [];
    const handler = createContactHandler({
      openStore: () => getStore({ name: 'submissions', siteID: blobs.siteID, token: 'wrong', apiURL: blobs.apiURL }),
      log: (entry) => logged.push(entry),
    });
    expect((await handler(jsonRequest(CONTACT_ENDPOINT, { form_data: validContact() }))).status).toBe(500);
    expect(logged.find((entry) => entry.reference)).toMatchObject({
      error: 'StorageError',
      cause: { error: 'BlobsInternalError', detail: expect.stringMatching(/403|401/) },
    });
  });

  it('reports keys it could not remove, so they can be cleared by hand', async () => {
    const id = newSubmissionId();
    const orphans: string[] = [];
    const store = failingStore(blobs.store(), (operation) => operation !== 'set');
    await expect(
      writeSubmission(store, { key: submissionKeys.applicationRecord(id), value: {} }, parts(id), {
        onOrphan: (key) => orphans.push(key),
      }),
    ).rejects.toBeInstanceOf(StorageError);
    expect(orphans).toEqual([...parts(id).map((part) => part.key), `application/${id}/record`]);
  });

  it('never overwrites, nor deletes, a submission that already exists', async () => {
    const id = newSubmissionId();
    await writeSubmission(blobs.store(), { key: submissionKeys.contact(id), value: { first: true } });
    await expect(
      writeSubmission(blobs.store(), { key: submissionKeys.contact(id), value: { first: false } }),
    ).rejects.toBeInstanceOf(StorageError);
    expect(await blobs.store().get(submissionKeys.contact(id), { type: 'json' })).toEqual({ first: true });
  });
});

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
