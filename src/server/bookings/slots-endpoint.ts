// GET /api/v1/client/slots?place=<id>: the consultation times `place` (one of
// the consultation form's meeting places) still offers, as the form shows
// them: { "slots": [{ "start", "end" }, …] } in Nairobi time, every time held
// or booked left out. Cached a few seconds, so a busy page costs little and a
// time just taken is gone from the list almost at once; the hold itself
// (holds.ts) is what keeps two visitors from one time.
import { meetingPlaces } from '../../forms/consultation/consultation.ts';
import { offeredSlots } from '../../lib/bookings/slots.ts';
import { jsonAnswer, jsonMessage, logError, type ErrorLogger } from '../http/responses.ts';
import { openDatabase, type Queryable } from '../db/database.ts';
import { takenStarts } from './holds.ts';

/** Seconds a list of free times may be reused. */
const SLOTS_MAX_AGE_S = 5;

export interface SlotsDeps {
  /** The records' database; defaults to this deploy's (db/database.ts). */
  db?: Queryable;
  now?: () => Date;
  log?: ErrorLogger;
}

/** The free times of `place` at `now`: those offered, less those held or booked. */
async function freeSlots(db: Queryable, place: string, now: Date) {
  const taken = await takenStarts(db, place, now);
  return offeredSlots(place, now).filter((slot) => !taken.has(slot.start));
}

export function createSlotsHandler(deps: SlotsDeps = {}) {
  const log = deps.log ?? logError;
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET') return jsonMessage(405, 'This address only answers GET.', { Allow: 'GET' });
    const place = new URL(request.url).searchParams.get('place') ?? '';
    if (!Object.hasOwn(meetingPlaces, place))
      return jsonMessage(400, `place must be one of ${Object.keys(meetingPlaces).join(', ')}.`);
    try {
      const slots = await freeSlots(deps.db ?? openDatabase(), place, deps.now?.() ?? new Date());
      return jsonAnswer(200, { slots }, { 'Cache-Control': `public, max-age=${SLOTS_MAX_AGE_S}` });
    } catch (error) {
      log({ what: 'list the free consultation times', place, detail: String(error) });
      return jsonMessage(
        503,
        'The free times could not be loaded. Please try again, or send the request without a time.',
      );
    }
  };
}
