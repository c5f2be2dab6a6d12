// The contact form (contact page): its schema, messages and payload type.
// The ContactForm island validates with `validateContact` before sending; the
// contactform function validates the same `form_data` with the same schema.
import * as v from 'valibot';
import {
  emailField,
  honeyField,
  LIMITS,
  phoneField,
  textField,
  validateFields,
  type FieldErrors,
  type ValidationResult,
} from './shared';

/** The field names, in the order the form shows them (spec §3). */
export const contactFields = ['name', 'email', 'honey', 'phone', 'interest', 'msg'] as const;
export type ContactField = (typeof contactFields)[number];

/** The spec's messages (§5) for required fields. */
export const contactMessages = {
  name: 'Name input is required',
  email: 'Email input is required',
  phone: 'Phone number input is required',
  interest: 'Kindly add the your subject of interest',
  msg: 'Message input is required',
} as const satisfies Partial<Record<ContactField, string>>;

export const contactSchema = v.object({
  name: textField('Name', LIMITS.name, contactMessages.name),
  email: emailField(contactMessages.email),
  honey: honeyField,
  phone: phoneField(contactMessages.phone),
  interest: textField('Subject', LIMITS.subject, contactMessages.interest),
  msg: textField('Message', LIMITS.message, contactMessages.msg),
});

/** What the island holds while the person types (all text). */
export type ContactValues = v.InferInput<typeof contactSchema>;
/** The validated `form_data` (trimmed, phone as text). */
export type ContactFormData = v.InferOutput<typeof contactSchema>;
/** The JSON body POSTed to /api/v1/client/contactform. */
export interface ContactRequestBody {
  form_data: ContactFormData;
}
export type ContactErrors = FieldErrors<ContactField>;

export function validateContact(values: unknown): ValidationResult<ContactFormData, ContactField> {
  return validateFields(contactSchema, contactFields, values);
}
