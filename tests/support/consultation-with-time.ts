// A consultation request with a chosen time, sent through the real handler at
// a standing clock, for the booking tests; resolves to the new request's id.
import { expect } from 'vitest';
import { jsonRequest, validConsultation } from '../../scripts/lib/sample-requests.ts';
import { CONSULTATION_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import type { Database } from '../../src/server/db/database.ts';
import { createConsultationHandler } from '../../src/server/handlers.ts';

export async function requestTime(
  db: Database,
  { place, slot, lang = 'en', now, email }: { place: string; slot: string; lang?: string; now: Date; email?: string },
): Promise<string> {
  const before = new Set((await db.query<{ id: string }>(`SELECT id FROM submissions`)).map(({ id }) => id));
  const response = await createConsultationHandler({ db, now: () => now, notify: async () => {}, log: () => {} })(
    jsonRequest(CONSULTATION_ENDPOINT, {
      form_data: { ...validConsultation(), ...(email ? { email } : {}), meeting_place: place, slot },
      lang,
    }),
  );
  expect(response.status).toBe(200);
  // Ids made in one millisecond (the clock stands still) sort at random: the new one is the one not there before.
  const after = await db.query<{ id: string }>(`SELECT id FROM submissions WHERE type = 'consultation'`);
  return after.find(({ id }) => !before.has(id))!.id;
}
