// A consultation time held for the visitor who chose it, in the submissions
// store under bookings/<place>/<start>: created only if absent, so of any
// number of requests for one time, even at the same instant, one holds it and
// the others are told it is taken. A hold staff have not answered lapses after
// the firm's working days (consultation-hours.json) and the time is free again;
// a confirmed one stays. The key names the place and time, never the visitor;
// the hold names the request (its submission id).
import type { Store } from '@netlify/blobs';
import { isWorkingDay } from '../../lib/bookings/calendar.ts';
import { consultationHours } from '../../lib/bookings/hours.ts';
import type { Slot } from '../../lib/bookings/slots.ts';
import { addDays, DAY_MS, nairobiDay } from '../../lib/nairobi-time.ts';
import { submissionKeys } from '../submissions/store.ts';

const PREFIX = 'bookings/';
/** Where staff's answers are claimed (answer-handler.ts), beside the holds. */
export const ANSWERS_PREFIX = `${PREFIX}answers/`;
/** Where each reminder sent is claimed (reminders.ts). */
export const REMINDERS_PREFIX = `${PREFIX}reminders/`;

/** What holding and giving back a time use of the store (a form's handler has no more). */
export type HoldStore = Pick<Store, 'get' | 'getWithMetadata' | 'setJSON' | 'delete'>;
/** What listing the times taken uses. */
export type TakenStore = Pick<Store, 'get' | 'list'>;

export interface Hold {
  place: string;
  start: string;
  end: string;
  state: 'held' | 'confirmed';
  submissionId: string;
  heldAt: string;
  /** When a hold still `held` frees the time. */
  lapsesAt: string;
}

/** bookings/nairobi/2026-11-30T0830: the time without its offset (always Nairobi's) or colon. */
const holdKey = (place: string, start: string) => `${PREFIX}${place}/${start.slice(0, 16).replace(':', '')}`;

/** `heldAt`, `workingDays` working days on (the same time of day): a hold made on a Saturday lapses on Tuesday. */
export function lapseOf(heldAt: Date, workingDays: number = consultationHours.holdWorkingDays): Date {
  let day = nairobiDay(heldAt);
  let days = 0;
  for (let counted = 0; counted < workingDays;) {
    day = addDays(day, 1);
    days++;
    if (isWorkingDay(day)) counted++;
  }
  return new Date(heldAt.getTime() + days * DAY_MS);
}

const isLive = (hold: Hold, now: Date) => hold.state === 'confirmed' || new Date(hold.lapsesAt) > now;

/**
 * Holds `slot` at `place` for submission `submissionId`: true if this request now holds it, false if
 * another request's hold or booking stands. Every write is conditional, so of two at once only one wins.
 */
export async function holdSlot(
  store: HoldStore,
  place: string,
  slot: Slot,
  submissionId: string,
  now: Date,
): Promise<boolean> {
  const key = holdKey(place, slot.start);
  const hold: Hold = {
    place,
    ...slot,
    state: 'held',
    submissionId,
    heldAt: now.toISOString(),
    lapsesAt: lapseOf(now).toISOString(),
  };
  if ((await store.setJSON(key, hold, { onlyIfNew: true })).modified) return true;
  const current = await store.getWithMetadata(key, { type: 'json' });
  if (!current) return (await store.setJSON(key, hold, { onlyIfNew: true })).modified;
  if (isLive(current.data as Hold, now)) return false;
  // A lapsed hold. The local Blobs server sends no ETag on reads: there, replace it by delete and create.
  if (!current.etag) await store.delete(key);
  return (await store.setJSON(key, hold, current.etag ? { onlyIfMatch: current.etag } : { onlyIfNew: true })).modified;
}

/**
 * Books the time `submissionId` holds at `place` (staff confirmed it): the hold, now booked, or undefined if it
 * is another request's (it lapsed, and was taken) or gone. A lapsed hold still this request's is booked.
 */
export async function bookSlot(
  store: HoldStore,
  place: string,
  start: string,
  submissionId: string,
): Promise<Hold | undefined> {
  const key = holdKey(place, start);
  const current = await store.getWithMetadata(key, { type: 'json' });
  const hold = current?.data as Hold | undefined;
  if (hold?.submissionId !== submissionId) return undefined;
  const booked: Hold = { ...hold, state: 'confirmed' };
  const written = await store.setJSON(key, booked, current?.etag ? { onlyIfMatch: current.etag } : {});
  return written.modified ? booked : undefined;
}

/** Gives back the hold of `submissionId` on `start` at `place` (its request could not be stored); another's stays. */
export async function releaseSlot(
  store: Pick<Store, 'get' | 'delete'>,
  place: string,
  start: string,
  submissionId: string,
) {
  const key = holdKey(place, start);
  const current = (await store.get(key, { type: 'json' })) as Hold | null;
  if (current?.submissionId === submissionId) await store.delete(key);
}

/** The starts of every time at `place` held or booked at `now`. */
export async function takenStarts(store: TakenStore, place: string, now: Date): Promise<Set<string>> {
  const { blobs } = await store.list({ prefix: `${PREFIX}${place}/` });
  const holds = await Promise.all(blobs.map(({ key }) => store.get(key, { type: 'json' }) as Promise<Hold | null>));
  return new Set(holds.filter((hold): hold is Hold => hold !== null && isLive(hold, now)).map((hold) => hold.start));
}

/** Every time held or booked at `now` that has not ended, at any place, in order: for staff's list of bookings. */
export async function upcomingBookings(store: TakenStore, now: Date): Promise<Hold[]> {
  const { blobs } = await store.list({ prefix: PREFIX });
  const keys = blobs
    .map(({ key }) => key)
    .filter((key) => !key.startsWith(ANSWERS_PREFIX) && !key.startsWith(REMINDERS_PREFIX));
  const holds = await Promise.all(keys.map((key) => store.get(key, { type: 'json' }) as Promise<Hold | null>));
  return holds
    .filter((hold): hold is Hold => hold !== null && isLive(hold, now) && new Date(hold.end) > now)
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** Forgets the time consultation request `submissionId` chose: its hold or booking, staff's answer, its reminder. */
export async function forgetBooking(store: Pick<Store, 'get' | 'delete'>, submissionId: string): Promise<void> {
  const record = (await store.get(submissionKeys.consultation(submissionId), { type: 'json' })) as {
    fields?: { slot?: string; meeting_place?: string };
  } | null;
  const { slot, meeting_place: place } = record?.fields ?? {};
  if (slot && place) await releaseSlot(store, place, slot, submissionId);
  await Promise.all([ANSWERS_PREFIX, REMINDERS_PREFIX].map((prefix) => store.delete(`${prefix}${submissionId}`)));
}

/** What became of the time request `submissionId` chose: held for an answer, booked, declined, or lapsed (free again). */
export async function bookingStateOf(
  store: Pick<Store, 'get'>,
  submissionId: string,
  place: string,
  start: string,
  now: Date,
): Promise<'held' | 'booked' | 'declined' | 'lapsed'> {
  const answer = (await store.get(`${ANSWERS_PREFIX}${submissionId}`, { type: 'json' })) as { answer?: string } | null;
  if (answer?.answer === 'decline') return 'declined';
  const hold = (await store.get(holdKey(place, start), { type: 'json' })) as Hold | null;
  if (hold?.submissionId !== submissionId) return 'lapsed';
  if (hold.state === 'confirmed') return 'booked';
  return isLive(hold, now) ? 'held' : 'lapsed';
}
