// A consultation request's chosen time (form_data.slot). Validated with the
// other fields: a time not offered, or one without a place, is a field error
// (422). Then held before the request is stored: one another request holds is
// refused (409, so the form shows the times still free), and a hold whose
// request then fails to be stored is given back.
import {
  NOT_OFFERED,
  validateConsultation,
  type ConsultationField,
  type ConsultationFormData,
} from '../../forms/consultation/consultation.ts';
import type { ValidationResult } from '../../forms/shared/fields.ts';
import { offeredSlot } from '../../lib/bookings/slots.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { jsonMessage } from '../http/responses.ts';
import { holdSlot, releaseSlot, type HoldStore } from './holds.ts';

const NO_PLACE = {
  en: 'Please choose where to meet for the time you chose.',
  sw: 'Tafadhali chagua mahali pa kukutana kwa muda uliouchagua.',
} as const satisfies Record<Language, string>;

export const TIME_TAKEN = {
  en: 'Sorry, someone has just taken that time. Please choose another of the times still free.',
  sw: 'Samahani, mtu mwingine amechukua muda huo sasa hivi. Tafadhali chagua muda mwingine kati ya zilizo wazi.',
} as const satisfies Record<Language, string>;

/** validateConsultation, and a chosen time that the chosen place offers at `now`. */
export function validateConsultationAt(
  values: unknown,
  lang: Language,
  now: Date,
): ValidationResult<ConsultationFormData, ConsultationField> {
  const result = validateConsultation(values, lang);
  if (!result.ok || !result.data.slot) return result;
  const place = result.data.meeting_place;
  if (!place) return { ok: false, errors: { meeting_place: NO_PLACE[lang] } };
  if (!offeredSlot(place, result.data.slot, now)) return { ok: false, errors: { slot: NOT_OFFERED[lang] } };
  return result;
}

/** A held time: give it back if the request it is held for is not stored. */
export type ChosenTime = { refused: Response } | { release(): Promise<void> };

/** Holds the request's chosen time (validated by validateConsultationAt), if it has one, for `submissionId`. */
export async function holdChosenTime(
  data: ConsultationFormData,
  submissionId: string,
  store: HoldStore,
  now: Date,
  lang: Language,
): Promise<ChosenTime | undefined> {
  const place = data.meeting_place;
  const slot = data.slot && place ? offeredSlot(place, data.slot, now) : undefined;
  if (!place || !slot) return undefined;
  if (!(await holdSlot(store, place, slot, submissionId, now))) return { refused: jsonMessage(409, TIME_TAKEN[lang]) };
  return { release: () => releaseSlot(store, place, slot.start, submissionId) };
}
