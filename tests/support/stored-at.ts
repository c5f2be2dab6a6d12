// Submissions received at chosen times, in a test's local Blobs store: sent
// through the real form handlers as if at that time, or written straight in as
// a handler would; which are left; and the store with some calls replaced (one
// that fails or hangs). For the tests of what depends on a submission's age.
import { expect } from 'vitest';
import { applicationRequest, jsonRequest, validConsultation, validContact } from '../../scripts/lib/sample-requests.ts';
import type { LocalBlobs } from '../../scripts/lib/local-blobs.ts';
import { CONSULTATION_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { createApplicationHandler } from '../../src/server/application-handler.ts';
import { createConsultationHandler, createContactHandler, type HandlerDeps } from '../../src/server/handlers.ts';
import { newSubmissionId } from '../../src/server/submissions/ids.ts';
import { parseSubmissionKey } from '../../src/server/submissions/read.ts';
import { contactRecord } from '../../src/server/submissions/record.ts';
import type { PurgeStore } from '../../src/server/submissions/retention.ts';
import { recordMetadata } from '../../src/server/submissions/save.ts';
import { submissionKeys } from '../../src/server/submissions/store.ts';
import { disarmInProcess } from './rebuilt-documents.ts';

export function storedAt(blobs: Pick<LocalBlobs, 'store' | 'keys'>) {
  const at = (date: Date): HandlerDeps => ({
    openStore: () => blobs.store(),
    now: () => date,
    notify: async () => {},
    log: () => {},
    disarm: disarmInProcess,
  });
  return {
    /** Submits through the real handlers as if at `date`; returns the new id. */
    async submit(type: 'contact' | 'consultation' | 'application', date: Date): Promise<string> {
      const before = new Set(await blobs.keys());
      const response =
        type === 'contact'
          ? await createContactHandler(at(date))(jsonRequest(CONTACT_ENDPOINT, { form_data: validContact() }))
          : type === 'consultation'
            ? await createConsultationHandler(at(date))(
                jsonRequest(CONSULTATION_ENDPOINT, { form_data: validConsultation() }),
              )
            : await createApplicationHandler(at(date))(await applicationRequest());
      expect(response.status).toBe(200);
      const added = (await blobs.keys()).filter((key) => !before.has(key));
      return parseSubmissionKey(added.find((key) => parseSubmissionKey(key))!)!.id;
    },

    /** Stores a contact message received at `date` straight into the store, as the handler would; returns its id. */
    async storeContact(date: Date, id = newSubmissionId(date.getTime())): Promise<string> {
      const record = contactRecord({ ...validContact(), honey: '' }, { id, receivedAt: date });
      await blobs.store().setJSON(submissionKeys.contact(id), record, { metadata: recordMetadata(record) });
      return id;
    },

    /** The ids of the submissions left, whatever else the functions keep beside them (settings/…). */
    async idsLeft(): Promise<string[]> {
      const ids = (await blobs.keys()).flatMap((key) => parseSubmissionKey(key)?.id ?? []);
      return [...new Set(ids)].sort();
    },

    /** The local store, with some of its calls replaced: a store that fails or hangs. */
    storeWith(overrides: Partial<Record<keyof PurgeStore, unknown>>): PurgeStore {
      const store = blobs.store();
      return {
        list: store.list.bind(store),
        get: store.get.bind(store),
        delete: store.delete.bind(store),
        ...overrides,
      } as PurgeStore;
    },
  };
}
