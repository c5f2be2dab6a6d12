// The contact form (contact page; docs/requirements.md#contact-form): where it
// is sent (CONTACT_ENDPOINT), the spec's messages, and each field in the order
// the page shows it, with its label, its kind and its schema
// (contactFieldDefinitions), from which the schema, the field order and the
// labels are derived, so they cannot disagree. Every word is here in English
// (the firm's) and in Kiswahili. How the island, the function and the staff
// e-mail use it: docs/architecture.md, "Forms: one list of field definitions".
// A new field is defined here and placed in the island's markup; nothing else
// changes.
import * as v from 'valibot';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages.ts';
import type { EnquiryCopy } from '../shared/enquiry-copy.ts';
import {
  emailField,
  fieldNames,
  formSchema,
  honeypot,
  labelsOf,
  LIMITS,
  messagesByField,
  phoneField,
  textField,
  validateFields,
  type FieldOf,
  type FormFields,
  type ValidationResult,
} from '../shared/fields.ts';

/** Where the island POSTs `{ form_data }`: the contactform function's route (docs/requirements.md#requests). */
export const CONTACT_ENDPOINT = '/api/v1/client/contactform';

/** The messages for required fields, per language; the English are the firm's (docs/requirements.md#validation-messages). */
export const contactMessagesIn = {
  en: {
    name: 'Name input is required',
    email: 'Email input is required',
    phone: 'Phone number input is required',
    interest: 'Kindly add the your subject of interest',
    msg: 'Message input is required',
  },
  sw: {
    name: 'Jina linahitajika',
    email: 'Barua pepe inahitajika',
    phone: 'Nambari ya simu inahitajika',
    interest: 'Tafadhali andika mada ya ujumbe wako',
    msg: 'Ujumbe unahitajika',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The firm's messages (docs/requirements.md#validation-messages) for required fields. */
export const contactMessages = contactMessagesIn.en;

const required = messagesByField(contactMessagesIn);

/** The fields, in the order the form shows them (docs/requirements.md#contact-form). */
export const contactFieldDefinitions = {
  name: {
    label: 'Name',
    labelIn: { sw: 'Jina' },
    kind: 'line',
    schema: textField({ en: 'Name', sw: 'Jina' }, LIMITS.name, required.name),
  },
  email: { label: 'Email', labelIn: { sw: 'Barua pepe' }, kind: 'line', schema: emailField(required.email) },
  honey: honeypot,
  phone: {
    label: 'Phone Number',
    labelIn: { sw: 'Nambari ya simu' },
    kind: 'line',
    schema: phoneField(required.phone),
  },
  interest: {
    label: 'Subject',
    labelIn: { sw: 'Mada' },
    kind: 'line',
    schema: textField({ en: 'Subject', sw: 'Mada' }, LIMITS.subject, required.interest),
  },
  msg: {
    label: 'Message',
    labelIn: { sw: 'Ujumbe' },
    kind: 'paragraph',
    schema: textField({ en: 'Message', sw: 'Ujumbe' }, LIMITS.message, required.msg),
  },
} as const satisfies FormFields;

/** The form's own words, per language (docs/requirements.md#button-states for the English button). */
export const contactCopy = {
  en: {
    button: { idle: 'Send Message', sending: 'Sending...', sent: 'Sent' },
    privacyNote: ['We use these details only to answer your message. See our', '.'],
    sent: 'Thank you. Your message has been sent.',
    notSent: 'Your message was not sent.',
  },
  sw: {
    button: { idle: 'Tuma Ujumbe', sending: 'Inatuma...', sent: 'Imetumwa' },
    privacyNote: ['Tunatumia taarifa hizi kujibu ujumbe wako pekee. Maelezo zaidi yamo katika', '.'],
    sent: 'Asante. Ujumbe wako umetumwa.',
    notSent: 'Ujumbe wako haukutumwa.',
  },
} as const satisfies Record<Language, EnquiryCopy>;

/** The form's accessible name, per language. */
export const contactFormName = { en: 'Send us a message', sw: 'Tutumie ujumbe' } as const satisfies Record<
  Language,
  string
>;

const contactSchema = formSchema(contactFieldDefinitions);
export const contactFields = fieldNames(contactSchema);
export type ContactField = FieldOf<typeof contactSchema>;
export const contactLabels = labelsOf(contactFieldDefinitions);

/** The validated `form_data` (trimmed, phone as text). */
export type ContactFormData = v.InferOutput<typeof contactSchema>;

/** Validates a contact message, with the messages in `lang`. */
export function validateContact(
  values: unknown,
  lang: Language = DEFAULT_LANGUAGE,
): ValidationResult<ContactFormData, ContactField> {
  return validateFields(contactSchema, values, lang);
}
