// The contact form (contact page; docs/requirements.md#contact-form).
//
// This folder holds everything about the form but its markup, in this file:
// where it is sent (CONTACT_ENDPOINT), the spec's messages, and each field in
// the order the page shows it, with its label, its kind and its schema
// (contactFieldDefinitions). The schema, the field order and the labels are
// derived from those definitions, so they cannot disagree.
//
// - The ContactForm island (src/islands/ContactForm.tsx) lays the fields out
//   under contactLabels, validates with validateContact before sending, and
//   POSTs `{ "form_data": { … } }` as JSON to CONTACT_ENDPOINT.
// - The contactform function (netlify/functions/contactform.ts, whose route is
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
  phoneField,
  textField,
  validateFields,
  type FieldOf,
  type FormFields,
  type ValidationResult,
} from '../shared/fields.ts';

/** Where the island POSTs `{ form_data }`: the contactform function's route (docs/requirements.md#requests). */
export const CONTACT_ENDPOINT = '/api/v1/client/contactform';

/** The firm's messages (docs/requirements.md#validation-messages) for required fields. */
export const contactMessages = {
  name: 'Name input is required',
  email: 'Email input is required',
  phone: 'Phone number input is required',
  interest: 'Kindly add the your subject of interest',
  msg: 'Message input is required',
} as const;

/** The fields, in the order the form shows them (docs/requirements.md#contact-form). */
export const contactFieldDefinitions = {
  name: { label: 'Name', kind: 'line', schema: textField('Name', LIMITS.name, contactMessages.name) },
  email: { label: 'Email', kind: 'line', schema: emailField(contactMessages.email) },
  honey: honeypot,
  phone: { label: 'Phone Number', kind: 'line', schema: phoneField(contactMessages.phone) },
  interest: { label: 'Subject', kind: 'line', schema: textField('Subject', LIMITS.subject, contactMessages.interest) },
  msg: { label: 'Message', kind: 'paragraph', schema: textField('Message', LIMITS.message, contactMessages.msg) },
} as const satisfies FormFields;

const contactSchema = formSchema(contactFieldDefinitions);
export const contactFields = fieldNames(contactSchema);
export type ContactField = FieldOf<typeof contactSchema>;
export const contactLabels = labelsOf(contactFieldDefinitions);

/** The validated `form_data` (trimmed, phone as text). */
export type ContactFormData = v.InferOutput<typeof contactSchema>;

export function validateContact(values: unknown): ValidationResult<ContactFormData, ContactField> {
  return validateFields(contactSchema, values);
}
