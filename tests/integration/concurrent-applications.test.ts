// Thirty applications at once, as the last day before a pupillage deadline may
// bring: the application handler runs in-process against a test database and
// the local Blobs server, all thirty calls overlapping. Each must be stored
// whole: a committed record with its four documents, each the rebuilt copy of what that
// applicant sent, and none mixed up with another's. The documents are rebuilt
// in-process: 120 at once would queue for the process's two rebuild workers,
// and their isolation has tests of its own.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applicationFileFields, type ApplicationFileField } from '../../src/forms/application/application.ts';
import { createApplicationHandler } from '../../src/server/application-handler.ts';
import { pdfBytes } from '../../scripts/lib/sample-documents.ts';
import { applicationRequest, validApplicationData, type UploadFile } from '../../scripts/lib/sample-requests.ts';
import { storedApplicationsPerTest } from '../support/stored-applications.ts';
import { disarmInProcess, rebuiltCopy } from '../support/rebuilt-documents.ts';

const APPLICANTS = 30;
const KB = 1024;
const stored = storedApplicationsPerTest();
const { blobs } = stored;

const sha256 = (bytes: Uint8Array | ArrayBuffer) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex');

/** Applicant `n`'s four documents: PDFs of 100 to 400 KB, no two alike. */
function documentsOf(n: number): Record<ApplicationFileField, UploadFile> {
  const pdf = (field: ApplicationFileField, size: number): UploadFile => ({
    name: `${field}-${n}.pdf`,
    bytes: pdfBytes(`applicant ${n}, ${field}`, size),
    type: 'application/pdf',
  });
  return {
    cv_file: pdf('cv_file', 100 * KB),
    kcse_file: pdf('kcse_file', 200 * KB),
    ksl_file: pdf('ksl_file', 300 * KB),
    llb_degree_file: pdf('llb_degree_file', 400 * KB),
  };
}

describe('many applications at once', () => {
  it(
    'stores thirty sent together as thirty complete records, every document intact and with its own applicant',
    { timeout: 120_000 },
    async () => {
      const applicants = Array.from({ length: APPLICANTS }, (_, n) => ({
        email: `applicant${n}@example.com`,
        documents: documentsOf(n),
      }));
      const logged: Array<Record<string, unknown>> = [];
      const handler = createApplicationHandler({
        db: stored.database.db,
        notify: async () => {},
        log: (entry) => logged.push(entry),
        disarm: disarmInProcess,
      });
      const requests = await Promise.all(
        applicants.map(({ email, documents }) =>
          applicationRequest({
            data: { ...validApplicationData(documents), email },
            files: applicationFileFields.map((field) => documents[field]),
          }),
        ),
      );

      const responses = await Promise.all(requests.map((request) => handler(request)));

      expect(responses.map((response) => response.status)).toEqual(Array(APPLICANTS).fill(200));
      expect(logged).toEqual([]);
      expect(await stored.documentKeys()).toHaveLength(APPLICANTS * applicationFileFields.length);
      const records = await stored.records();
      expect(records.map((record) => record.fields.email).sort()).toEqual(
        applicants.map((applicant) => applicant.email).sort(),
      );
      for (const record of records) {
        const sent = applicants.find((applicant) => applicant.email === record.fields.email)!.documents;
        expect(record.files.map((file) => file.field)).toEqual([...applicationFileFields]);
        for (const file of record.files) {
          const stored = await blobs.store().get(file.key, { type: 'arrayBuffer' });
          expect(stored, `${record.id} ${file.field}`).not.toBeNull();
          const copy = await rebuiltCopy(sent[file.field]);
          expect(sha256(stored!), `${record.id} ${file.field}`).toBe(sha256(copy));
          expect(file.sha256).toBe(sha256(copy));
        }
      }
    },
  );
});
