// The consultation request (each practice-area page; docs/requirements.md#consultation-form):
// where it is sent (CONSULTATION_ENDPOINT), its messages, and each field in the
// order the page has it, with its label, its kind and its schema
// (consultationFieldDefinitions), from which the schema, the field order and the
// labels are derived, so they cannot disagree. Beyond the firm's fields, four
// optional ones help arrange the consultation (phone, way of contact, place,
// times). Every word is here in English and in Kiswahili. How the island, the
// function and the staff e-mail use it: docs/architecture.md, "Forms: one list
// of field definitions". A new field is defined here and placed in the island's
// markup; nothing else changes.
import * as v from 'valibot';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages.ts';
import type { Localised } from '../../lib/i18n/localised.ts';
import { site, type Office } from '../../site.config.ts';
import { officeName } from '../../content/office-line.ts';
import type { EnquiryCopy } from '../shared/enquiry-copy.ts';
import {
  choiceField,
  choicesField,
  emailField,
  fieldNames,
  formSchema,
  honeypot,
  internationalPhoneField,
  labelsOf,
  LIMITS,
  message,
  messagesByField,
  optionalTextField,
  textField,
  validateFields,
  type FieldOf,
  type FormFields,
  type Options,
  type ValidationResult,
} from '../shared/fields.ts';

/** Where the island POSTs `{ form_data }`: the inquiryform function's route (docs/requirements.md#requests). */
export const CONSULTATION_ENDPOINT = '/api/v1/client/inquiryform';

/** Where the island reads a meeting place's free times: `?place=<meeting_place>` (src/server/bookings/slots-endpoint.ts). */
export const SLOTS_ENDPOINT = '/api/v1/client/slots';

/** The messages for required fields, per language; the English name and e-mail ones are the firm's. */
export const consultationMessagesIn = {
  en: {
    /** Not in the spec: the page fills it in, so only a broken page sends it empty. */
    practice: 'Practice area is required',
    name: 'Name input is required',
    email: 'Email input is required',
  },
  sw: {
    practice: 'Eneo la huduma linahitajika',
    name: 'Jina linahitajika',
    email: 'Barua pepe inahitajika',
  },
} as const satisfies Record<Language, Record<string, string>>;

export const consultationMessages = consultationMessagesIn.en;

const required = messagesByField(consultationMessagesIn);

/** How the person would like the firm to contact them. */
export const contactMethods = {
  phone: { en: 'Phone call', sw: 'Kupigiwa simu' },
  whatsapp: { en: 'WhatsApp', sw: 'WhatsApp' },
  email: { en: 'E-mail', sw: 'Barua pepe' },
} as const satisfies Options<string>;

/** The meeting place an office is chosen as: its city, in lower case ("nairobi"). */
const officePlace = (office: Office) => office.city.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The office a meeting place names, if it names one. */
export const officeOfPlace = (place: string): Office | undefined =>
  site.offices.find((office) => officePlace(office) === place);

/** Where the consultation may take place: at one of the firm's offices (site.config), by video or by phone. */
export const meetingPlaces: Options<string> = {
  ...Object.fromEntries(
    site.offices.map((office): [string, Localised] => [
      officePlace(office),
      { en: officeName(office.city, 'en'), sw: officeName(office.city, 'sw') },
    ]),
  ),
  video: { en: 'Video call', sw: 'Mkutano kwa video' },
  phone: { en: 'Phone', sw: 'Kwa simu' },
};

/** A consultation's start as the slots endpoint writes it, in Nairobi time: "2026-11-30T08:30:00+03:00"; or nothing. */
const SLOT_START = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+03:00)?$/;
const SLOT_START_LENGTH = '2026-11-30T08:30:00+03:00'.length;
/** What a time not offered, or not a time at all, is told (the form only ever sends one it offered). */
export const NOT_OFFERED = {
  en: 'That time is not one we offer. Please choose one of the times shown.',
  sw: 'Muda huo haupo kwenye nyakati zetu. Tafadhali chagua mojawapo ya nyakati zinazoonyeshwa.',
} as const;

/** When the person would rather be contacted or meet; any number may be chosen. */
export const preferredTimes = {
  'weekday-mornings': { en: 'Weekday mornings', sw: 'Asubuhi, Jumatatu hadi Ijumaa' },
  'weekday-afternoons': { en: 'Weekday afternoons', sw: 'Alasiri, Jumatatu hadi Ijumaa' },
  'saturday-mornings': { en: 'Saturday mornings', sw: 'Jumamosi asubuhi' },
} as const satisfies Options<string>;

/** The fields, in form order (docs/requirements.md#consultation-form). */
export const consultationFieldDefinitions = {
  /**
   * The practice title as shown on the page (free text, bounded): a hidden input
   * the page fills in, so its label is for staff only.
   */
  practice: {
    label: 'Practice area',
    labelIn: { sw: 'Eneo la huduma' },
    kind: 'line',
    schema: textField({ en: 'Practice area', sw: 'Eneo la huduma' }, LIMITS.practice, required.practice),
  },
  name: {
    label: 'Name',
    labelIn: { sw: 'Jina' },
    kind: 'line',
    schema: textField({ en: 'Name', sw: 'Jina' }, LIMITS.name, required.name),
  },
  email: { label: 'Email', labelIn: { sw: 'Barua pepe' }, kind: 'line', schema: emailField(required.email) },
  info: {
    label: 'Additional Information',
    labelIn: { sw: 'Taarifa za ziada' },
    kind: 'paragraph',
    schema: optionalTextField({ en: 'Additional information', sw: 'Taarifa za ziada' }, LIMITS.message),
  },
  phone: {
    label: 'Phone Number',
    labelIn: { sw: 'Nambari ya simu' },
    hint: {
      en: 'Kenyan or international, e.g. 0722 514 380 or +44 20 7946 0958',
      sw: 'Ya Kenya au ya kimataifa, kwa mfano 0722 514 380 au +44 20 7946 0958',
    },
    kind: 'line',
    schema: internationalPhoneField(),
    staffFirst: true,
  },
  contact_method: {
    label: 'Preferred way to be contacted',
    labelIn: { sw: 'Njia unayopendelea tuwasiliane nawe' },
    kind: 'choice',
    options: contactMethods,
    schema: choiceField({ en: 'Preferred way to be contacted', sw: 'Njia ya mawasiliano' }, contactMethods),
    staffFirst: true,
  },
  meeting_place: {
    label: 'Where to meet',
    labelIn: { sw: 'Mahali pa kukutana' },
    kind: 'choice',
    options: meetingPlaces,
    schema: choiceField({ en: 'Where to meet', sw: 'Mahali pa kukutana' }, meetingPlaces),
    staffFirst: true,
  },
  preferred_times: {
    label: 'Preferred times',
    labelIn: { sw: 'Nyakati unazopendelea' },
    kind: 'choices',
    options: preferredTimes,
    schema: choicesField({ en: 'Preferred times', sw: 'Nyakati unazopendelea' }, preferredTimes),
    staffFirst: true,
  },
  /**
   * A free time the visitor chose (optional): its start exactly as the slots endpoint gave it
   * (src/server/bookings/slots-endpoint.ts). The handler holds it, or refuses a time not offered.
   */
  slot: {
    label: 'Chosen time',
    labelIn: { sw: 'Muda uliouchagua' },
    kind: 'time',
    schema: v.optional(
      v.pipe(
        v.string(message(NOT_OFFERED)),
        v.trim(),
        v.maxLength(SLOT_START_LENGTH, message(NOT_OFFERED)),
        v.regex(SLOT_START, message(NOT_OFFERED)),
        // No time chosen is no time: left out of what is sent and stored.
        v.transform((start) => start || undefined),
      ),
    ),
    staffFirst: true,
  },
  honey: honeypot,
} as const satisfies FormFields;

/** The form's own words, per language (docs/requirements.md#button-states for the English button). */
export const consultationCopy = {
  en: {
    button: { idle: 'Send Request', sending: 'Sending Request...', sent: 'Request Sent' },
    privacyNote: ['We use these details only to answer your request. See our', '.'],
    sent: 'Thank you. Your request has been sent.',
    notSent: 'Your request was not sent.',
    /** The group of the optional fields that arrange the consultation. */
    arrangements: 'How and when to reach you',
    /** The empty option of a choice. */
    noPreference: 'No preference',
    times: {
      /** The time picker's empty option. */
      none: 'No particular time',
      /** Under the picker, by what it can show. */
      choosePlace: 'Choose where to meet to see the free times.',
      loading: 'Loading the free times…',
      shown: (minutes: number) =>
        `Free times in Nairobi time (EAT), ${minutes} minutes each. We confirm the time by e-mail.`,
      noneFree: 'No time is free in the next three weeks here. Send your request and we will arrange one.',
      failed: 'The free times could not be loaded. You can send your request without a time.',
    },
  },
  sw: {
    button: { idle: 'Tuma Ombi', sending: 'Inatuma Ombi...', sent: 'Ombi Limetumwa' },
    privacyNote: ['Tunatumia taarifa hizi kujibu ombi lako pekee. Maelezo zaidi yamo katika', '.'],
    sent: 'Asante. Ombi lako limetumwa.',
    notSent: 'Ombi lako halikutumwa.',
    arrangements: 'Jinsi na wakati wa kuwasiliana nawe',
    noPreference: 'Sina upendeleo',
    times: {
      none: 'Hakuna muda maalum',
      choosePlace: 'Chagua mahali pa kukutana ili uone nyakati zilizo wazi.',
      loading: 'Inapakia nyakati zilizo wazi…',
      shown: (minutes: number) =>
        `Nyakati zilizo wazi kwa saa za Nairobi (EAT); kila mkutano ni wa dakika ${minutes}. Tutathibitisha muda kwa barua pepe.`,
      noneFree: 'Hakuna muda ulio wazi hapa katika wiki tatu zijazo. Tuma ombi lako nasi tutapanga muda.',
      failed: 'Nyakati zilizo wazi hazikuweza kupakiwa. Unaweza kutuma ombi lako bila kuchagua muda.',
    },
  },
} as const satisfies Record<Language, EnquiryCopy & { arrangements: string; noPreference: string; times: TimesCopy }>;

/** What the time picker says, by what it can show. */
interface TimesCopy {
  none: string;
  choosePlace: string;
  loading: string;
  shown: (minutes: number) => string;
  noneFree: string;
  failed: string;
}

/** The form's accessible name in `lang`, naming the practice area. */
export const consultationFormName = (practice: string, lang: Language = DEFAULT_LANGUAGE) =>
  lang === 'sw' ? `Omba ushauri wa kisheria: ${practice}` : `Request a consultation: ${practice}`;

const consultationSchema = formSchema(consultationFieldDefinitions);
export const consultationFields = fieldNames(consultationSchema);
export type ConsultationField = FieldOf<typeof consultationSchema>;
export const consultationLabels = labelsOf(consultationFieldDefinitions);

export type ConsultationFormData = v.InferOutput<typeof consultationSchema>;

/** Validates a consultation request, with the messages in `lang`. */
export function validateConsultation(
  values: unknown,
  lang: Language = DEFAULT_LANGUAGE,
): ValidationResult<ConsultationFormData, ConsultationField> {
  return validateFields(consultationSchema, values, lang);
}
