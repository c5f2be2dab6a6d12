// The contact form (contact page): its schema, messages and payload type.
// The ContactForm island validates with `validateContact` before sending; the
// contactform function validates the same `form_data` with the same schema.
import * as v from 'valibot';
import {
  emailField,
  fieldNames,
  honeyField,
  LIMITS,
  phoneField,
  textField,
  validateFields,
  type FieldOf,
  type ValidationResult,
} from '../shared/fields.ts';

/** Where the island POSTs `{ form_data }`: the contactform function's route (spec §7). */
export const CONTACT_ENDPOINT = '/api/v1/client/contactform';

/** The spec's messages (§5) for required fields. */
export const contactMessages = {
  name: 'Name input is required',
  email: 'Email input is required',
  phone: 'Phone number input is required',
  interest: 'Kindly add the your subject of interest',
  msg: 'Message input is required',
} as const;

/** The fields, in the order the form shows them (spec §3). */
export const contactSchema = v.object({
  name: textField('Name', LIMITS.name, contactMessages.name),
  email: emailField(contactMessages.email),
  honey: honeyField,
  phone: phoneField(contactMessages.phone),
  interest: textField('Subject', LIMITS.subject, contactMessages.interest),
  msg: textField('Message', LIMITS.message, contactMessages.msg),
});

export const contactFields = fieldNames(contactSchema);
export type ContactField = FieldOf<typeof contactSchema>;

/** The validated `form_data` (trimmed, phone as text). */
export type ContactFormData = v.InferOutput<typeof contactSchema>;

export function validateContact(values: unknown): ValidationResult<ContactFormData, ContactField> {
  return validateFields(contactSchema, values);
}
