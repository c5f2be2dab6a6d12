// The consultation request form (each practice-area page): its schema,
// messages and payload type, shared by the ConsultationForm island and the
// inquiryform function.
import * as v from 'valibot';
import {
  emailField,
  fieldNames,
  honeyField,
  LIMITS,
  optionalTextField,
  textField,
  validateFields,
  type FieldOf,
  type ValidationResult,
} from '../shared/fields.ts';

/** Where the island POSTs `{ form_data }`: the inquiryform function's route (spec §7). */
export const CONSULTATION_ENDPOINT = '/api/v1/client/inquiryform';

export const consultationMessages = {
  /** Not in the spec: the page fills it in, so only a broken page sends it empty. */
  practice: 'Practice area is required',
  name: 'Name input is required',
  email: 'Email input is required',
} as const;

/** The fields, in form order (spec §3). `practice` is set by the page, not typed. */
export const consultationSchema = v.object({
  /** The practice title as shown on the page (free text, bounded). */
  practice: textField('Practice area', LIMITS.practice, consultationMessages.practice),
  name: textField('Name', LIMITS.name, consultationMessages.name),
  email: emailField(consultationMessages.email),
  info: optionalTextField('Additional information', LIMITS.message),
  honey: honeyField,
});

export const consultationFields = fieldNames(consultationSchema);
export type ConsultationField = FieldOf<typeof consultationSchema>;

export type ConsultationFormData = v.InferOutput<typeof consultationSchema>;

export function validateConsultation(values: unknown): ValidationResult<ConsultationFormData, ConsultationField> {
  return validateFields(consultationSchema, values);
}
