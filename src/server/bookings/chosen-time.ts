// A consultation request's chosen time (form_data.slot). Validated with the
// other fields: a time not offered, or one without a place, is a field error
// (422). Then held in the transaction that stores the request (hold-time.ts):
// one another request holds is refused (409, so the form shows the times still
// free), and a request not stored holds nothing.
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
import type { Queryable } from '../db/database.ts';
import { holdSlot } from './hold-time.ts';

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

/**
 * Holds the request's chosen time (validated by validateConsultationAt), if it
 * has one, for `submissionId`, in the transaction `tx` that stores it: the 409
 * to answer if another request holds it (the caller then rolls `tx` back), else undefined.
 */
export async function holdChosenTime(
  tx: Queryable,
  data: ConsultationFormData,
  submissionId: string,
  now: Date,
  lang: Language,
): Promise<Response | undefined> {
  const place = data.meeting_place;
  const slot = data.slot && place ? offeredSlot(place, data.slot, now) : undefined;
  if (!place || !slot) return undefined;
  return (await holdSlot(tx, place, slot, submissionId, now)) ? undefined : jsonMessage(409, TIME_TAKEN[lang]);
}
