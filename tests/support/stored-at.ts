// Submissions received at chosen times, in a test's database (their documents
// in its local Blobs store): sent through the real form handlers as if at that
// time, or written straight in as a handler would; which are left; and the
// documents' store with some calls replaced (one that fails or hangs). For the
// tests of what depends on a submission's age.
import { expect } from 'vitest';
import { applicationRequest, jsonRequest, validConsultation, validContact } from '../../scripts/lib/sample-requests.ts';
import type { LocalBlobs } from '../../scripts/lib/local-blobs.ts';
import { CONSULTATION_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { createApplicationHandler, type ApplicationHandlerDeps } from '../../src/server/application-handler.ts';
import type { Database } from '../../src/server/db/database.ts';
import { createConsultationHandler, createContactHandler } from '../../src/server/handlers.ts';
import { newSubmissionId } from '../../src/server/submissions/ids.ts';
import type { DocumentFiles } from '../../src/server/submissions/read.ts';
import { contactRecord } from '../../src/server/submissions/record.ts';
import { insertSubmission } from '../../src/server/submissions/rows.ts';
import type { SubmissionType } from '../../src/server/submissions/store.ts';
import { disarmInProcess } from './rebuilt-documents.ts';

/**
 * `count` contact messages received from `date` on, a second apart, straight
 * into the table (ids OLD000…1, OLD000…2, … in that order), for runs over many rows.
 */
export const contactsInBulk = (db: Database, date: Date, count: number) =>
  db.query(
    `INSERT INTO submissions (id, type, received_at, email, record)
     SELECT 'OLD' || lpad(n::text, 23, '0'), 'contact', $1::timestamptz + n * interval '1 second', 'old@example.com',
            '{}'::jsonb
       FROM generate_series(1, $2::int) AS n`,
    [date, count],
  );

export function storedAt(blobs: Pick<LocalBlobs, 'store' | 'keys'>, database: { readonly db: Database }) {
  const at = (date: Date): ApplicationHandlerDeps => ({
    db: database.db,
    openFiles: () => blobs.store(),
    now: () => date,
    notify: async () => {},
    log: () => {},
    disarm: disarmInProcess,
  });
  return {
    /** Submits through the real handlers as if at `date`; returns the new id. */
    async submit(type: SubmissionType, date: Date): Promise<string> {
      const response =
        type === 'contact'
          ? await createContactHandler(at(date))(jsonRequest(CONTACT_ENDPOINT, { form_data: validContact() }))
          : type === 'consultation'
            ? await createConsultationHandler(at(date))(
                jsonRequest(CONSULTATION_ENDPOINT, { form_data: validConsultation() }),
              )
            : await createApplicationHandler(at(date))(await applicationRequest());
      expect(response.status).toBe(200);
      const [row] = await database.db.query<{ id: string }>(
        `SELECT id FROM submissions WHERE type = $1 AND received_at = $2 ORDER BY id DESC LIMIT 1`,
        [type, date],
      );
      return row!.id;
    },

    /** Stores a contact message received at `date` straight into the database, as the handler would; returns its id. */
    async storeContact(date: Date, id = newSubmissionId(date.getTime())): Promise<string> {
      await insertSubmission(database.db, contactRecord({ ...validContact(), honey: '' }, { id, receivedAt: date }));
      return id;
    },

    /** The ids of the submissions left. */
    async idsLeft(): Promise<string[]> {
      return (await database.db.query<{ id: string }>(`SELECT id FROM submissions ORDER BY id`)).map((row) => row.id);
    },

    /** The documents left in Blobs. */
    documentsLeft: async () => (await blobs.keys('application/')).filter((key) => key.includes('/files/')),

    /** The documents' store, with some of its calls replaced: one that fails or hangs. */
    filesWith(overrides: Partial<Record<keyof DocumentFiles, unknown>>): DocumentFiles {
      const store = blobs.store();
      return {
        list: store.list.bind(store),
        get: store.get.bind(store),
        delete: store.delete.bind(store),
        ...overrides,
      } as DocumentFiles;
    },
  };
}
