// A consultation request with a chosen time, sent through the real handler at
// a standing clock, for the booking tests; resolves to the new request's id.
import { expect } from 'vitest';
import { jsonRequest, validConsultation } from '../../scripts/lib/sample-requests.ts';
import { CONSULTATION_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import { createConsultationHandler } from '../../src/server/handlers.ts';
import type { LocalBlobs } from '../../scripts/lib/local-blobs.ts';

export async function requestTime(
  blobs: Pick<LocalBlobs, 'store' | 'keys'>,
  { place, slot, lang = 'en', now }: { place: string; slot: string; lang?: string; now: Date },
): Promise<string> {
  const before = new Set(await blobs.keys('consultation/'));
  const response = await createConsultationHandler({
    openStore: () => blobs.store(),
    now: () => now,
    notify: async () => {},
    log: () => {},
  })(jsonRequest(CONSULTATION_ENDPOINT, { form_data: { ...validConsultation(), meeting_place: place, slot }, lang }));
  expect(response.status).toBe(200);
  // Ids made in one millisecond (the clock stands still) sort at random: the new one is the one not there before.
  return (await blobs.keys('consultation/')).find((key) => !before.has(key))!.split('/')[1]!;
}
