// The consultation request (each practice-area page; docs/requirements.md#consultation-form).
//
// This folder holds everything about the form but its markup, in this file:
// where it is sent (CONSULTATION_ENDPOINT), its messages, and each field in the
// order the page has it, with its label, its kind and its schema
// (consultationFieldDefinitions). The schema, the field order and the labels
// are derived from those definitions, so they cannot disagree.
//
// - The ConsultationForm island (src/islands/ConsultationForm.tsx) lays the
//   fields out under consultationLabels, fills in `practice` from the page,
//   validates with validateConsultation before sending, and POSTs
//   `{ "form_data": { … } }` as JSON to CONSULTATION_ENDPOINT.
// - The inquiryform function (netlify/functions/inquiryform.ts, whose route is
//   the same path; logic in src/server/handlers.ts) validates the same
//   `form_data` with the same schema before storing it.
// - The staff e-mail and `npm run submissions -- show` list the fields in this
//   order under the same labels, a paragraph below its label
//   (src/server/record-labels.ts).
//
// A new field is defined here and placed in the island's markup; nothing else
// changes.
import * as v from 'valibot';
import {
  emailField,
  fieldNames,
  formSchema,
  honeypot,
  labelsOf,
  LIMITS,
  optionalTextField,
  textField,
  validateFields,
  type FieldOf,
  type FormFields,
  type ValidationResult,
} from '../shared/fields.ts';

/** Where the island POSTs `{ form_data }`: the inquiryform function's route (docs/requirements.md#requests). */
export const CONSULTATION_ENDPOINT = '/api/v1/client/inquiryform';

export const consultationMessages = {
  /** Not in the spec: the page fills it in, so only a broken page sends it empty. */
  practice: 'Practice area is required',
  name: 'Name input is required',
  email: 'Email input is required',
} as const;

/** The fields, in form order (docs/requirements.md#consultation-form). */
export const consultationFieldDefinitions = {
  /**
   * The practice title as shown on the page (free text, bounded): a hidden input
   * the page fills in, so its label is for staff only.
   */
  practice: {
    label: 'Practice area',
    kind: 'line',
    schema: textField('Practice area', LIMITS.practice, consultationMessages.practice),
  },
  name: { label: 'Name', kind: 'line', schema: textField('Name', LIMITS.name, consultationMessages.name) },
  email: { label: 'Email', kind: 'line', schema: emailField(consultationMessages.email) },
  info: {
    label: 'Additional Information',
    kind: 'paragraph',
    schema: optionalTextField('Additional information', LIMITS.message),
  },
  honey: honeypot,
} as const satisfies FormFields;

const consultationSchema = formSchema(consultationFieldDefinitions);
export const consultationFields = fieldNames(consultationSchema);
export type ConsultationField = FieldOf<typeof consultationSchema>;
export const consultationLabels = labelsOf(consultationFieldDefinitions);

export type ConsultationFormData = v.InferOutput<typeof consultationSchema>;

export function validateConsultation(values: unknown): ValidationResult<ConsultationFormData, ConsultationField> {
  return validateFields(consultationSchema, values);
}
