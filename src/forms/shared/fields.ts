// What the three forms (src/forms/contact/, consultation/, application/) share:
// how a field is defined, the field builders, the bounds of text, and
// validation (src/forms/shared/sending.ts is how the islands send). A form is
// the list of its fields' definitions, in page order; its schema (formSchema),
// field names (fieldNames), labels (labelsOf) and kinds (fieldsOfKind) are
// derived from it. The enquiry forms carry each label and message in every
// language (labelIn, Localised); the application form is English only.
// More: docs/architecture.md, "Forms: one list of field definitions".
import * as v from 'valibot';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages.ts';
import { languageOr, type Localised } from '../../lib/i18n/localised.ts';
import { normalisePhone } from './phone-numbers.ts';

/** Per-field error messages, keyed by the spec's field names, in form order. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The answer of every `validate…()` helper: the clean payload, or one message per failing field. */
export type ValidationResult<Data, Field extends string> =
  { ok: true; data: Data } | { ok: false; errors: FieldErrors<Field> };

/**
 * What kind of control a field is. The island reads a box's tick and a file
 * input's file, and every other control's text; staff read a paragraph below
 * its label and any other value beside it.
 */
export type FieldKind =
  /** One line: a text, e-mail, number or date input, a select, or a hidden input the page fills in. */
  | 'line'
  /** A textarea. */
  | 'paragraph'
  /** One of a list of `options` (a select), or none. */
  | 'choice'
  /** Any number of a list of `options` (checkboxes sharing the field's name); sent as an array. */
  | 'choices'
  | 'checkbox'
  | 'file'
  /** A time the page offers, sent as ISO 8601 (a consultation's chosen time); staff read it in Nairobi time. */
  | 'time'
  /** The hidden spam trap (`honey`). */
  | 'trap';

/** One field of a form. */
export interface FieldDefinition {
  /**
   * The label the page shows beside the control, word for word (the spec's), and
   * what staff read beside the value. A field the page fills in is named for staff.
   */
  label: string;
  kind: FieldKind;
  /**
   * What the field accepts and what it says when it is wrong. Its messages name
   * the field as the spec's messages do ("Full name must be text"), which need
   * not be its label.
   */
  schema: v.GenericSchema;
  /** The label in the site's other languages, for a form shown in them (`label` is the English). */
  labelIn?: Readonly<Partial<Record<Exclude<Language, 'en'>, string>>>;
  /** A line under the label saying what to enter, in every language. */
  hint?: Localised;
  /** A choice's options: each value the form sends and stores, and what it is called (staff read the English). */
  options?: Readonly<Record<string, Localised>>;
  /** Staff read it before the other fields: how and when the person wants to be reached. */
  staffFirst?: true;
}

/** A form: the definition of each field, by the spec's field name, in the order the page shows them. */
export type FormFields = Readonly<Record<string, FieldDefinition>>;

type SchemaEntries<Fields extends FormFields> = { [Field in keyof Fields & string]: Fields[Field]['schema'] };

/** The valibot schema of a form: each field's schema, in the order its fields are defined. */
export function formSchema<Fields extends FormFields>(
  fields: Fields,
): v.ObjectSchema<SchemaEntries<Fields>, undefined> {
  const entries = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema]));
  return v.object(entries as SchemaEntries<Fields>);
}

/** The label of `field` in `lang` (English when the field has none in that language). */
const labelIn = (field: FieldDefinition, lang: Language = DEFAULT_LANGUAGE): string =>
  lang === 'en' ? field.label : (field.labelIn?.[lang] ?? field.label);

/** Each field's label in `lang` (English by default), by field name, in form order. */
export function labelsOf<Fields extends FormFields>(
  fields: Fields,
  lang: Language = DEFAULT_LANGUAGE,
): { readonly [Field in keyof Fields]: string } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, labelIn(field, lang)])) as {
    [Field in keyof Fields]: string;
  };
}

/** The names of the fields of one of `kinds`, in form order. */
export function fieldsOfKind<Fields extends FormFields>(
  fields: Fields,
  ...kinds: readonly FieldKind[]
): readonly (keyof Fields & string)[] {
  return Object.keys(fields).filter((name) => kinds.includes(fields[name]!.kind));
}

/**
 * Words of a message: the same in every language (a plain string: the
 * application form, shown in English only) or one text per language.
 */
export type Words = string | Localised;

/** A valibot message that reads `words` in the language validation runs in (validateFields' `lang`). */
export function message(words: Words): string | ((issue: { lang?: string | undefined }) => string) {
  return typeof words === 'string' ? words : (issue) => words[languageOr(issue.lang)];
}

/** A message written per language from a field's noun: plain English when the noun is a plain string. */
function aboutNoun(noun: Words, write: (noun: Localised) => Localised): Words {
  return typeof noun === 'string' ? write({ en: noun, sw: noun }).en : write(noun);
}

const tooLong = (noun: Words, max: number) =>
  aboutNoun(noun, (name) => ({
    en: `${name.en} must be at most ${max} characters`,
    sw: `Sehemu ya ${name.sw} isizidi herufi ${max}`,
  }));
const notText = (noun: Words) =>
  aboutNoun(noun, (name) => ({ en: `${name.en} must be text`, sw: `Sehemu ya ${name.sw} lazima iwe maandishi` }));
/** `words` as plain English when `like` is plain (an English-only form), else in every language. */
const wordsLike = (like: Words, words: Localised): Words => (typeof like === 'string' ? words.en : words);

// The field builders: each takes the noun its messages call the field by
// ("Full name must be at most 120 characters"), in every language for a form
// shown in more than English.

/**
 * A text input: a missing or null value counts as empty, the value is trimmed,
 * then it must be non-empty (when `required` holds the message) and at most
 * `max` characters.
 */
export function textField(noun: Words, max: number, required: Words) {
  return v.pipe(
    v.nullish(v.string(message(notText(noun))), ''),
    v.trim(),
    v.nonEmpty(message(required)),
    v.maxLength(max, message(tooLong(noun, max))),
  );
}

/** An optional text input: missing, null or blank becomes ''. */
export function optionalTextField(noun: Words, max: number) {
  return v.pipe(
    v.nullish(v.string(message(notText(noun))), ''),
    v.trim(),
    v.maxLength(max, message(tooLong(noun, max))),
  );
}

/** An e-mail input: required, at most 254 characters (RFC 5321), and well formed. */
export function emailField(required: Words) {
  return v.pipe(
    textField(wordsLike(required, { en: 'Email', sw: 'Barua pepe' }), LIMITS.email, required),
    v.email(
      message(
        wordsLike(required, {
          en: 'Enter a valid email address, e.g. name@example.com',
          sw: 'Andika anwani sahihi ya barua pepe, kwa mfano jina@example.com',
        }),
      ),
    ),
  );
}

/**
 * A phone input. The forms use a number input, so a number is accepted and
 * turned into text; the text may hold digits, spaces, + ( ) - and dots, with
 * 7 to 15 digits (the E.164 maximum). Messages call it a phone number, as the
 * forms do.
 */
export function phoneField(required: Words) {
  const noun = wordsLike(required, phoneNoun);
  return v.pipe(
    v.nullish(v.union([v.string(), v.pipe(v.number(), v.finite(), v.transform(String))], message(notText(noun))), ''),
    v.trim(),
    v.nonEmpty(message(required)),
    v.maxLength(LIMITS.phone, message(tooLong(noun, LIMITS.phone))),
    v.check(
      (value) => /^\+?[\d\s().-]+$/.test(value) && digitCount(value) >= 7 && digitCount(value) <= 15,
      message(
        wordsLike(required, {
          en: 'Enter a valid phone number of 7 to 15 digits, e.g. 0722514380 or 254722514380',
          sw: 'Andika nambari sahihi ya simu yenye tarakimu 7 hadi 15, kwa mfano 0722514380 au 254722514380',
        }),
      ),
    ),
  );
}

const phoneNoun: Localised = { en: 'Phone number', sw: 'Nambari ya simu' };

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * For a phone number input (type number) whose text the browser cannot read as a
 * number, e.g. "+254 722…": the browser then reports an empty value, so the
 * island shows this instead of the "required" message.
 */
export const phoneDigitsOnly = 'Enter the phone number in digits only, e.g. 0722514380 or 254722514380';

/** phoneDigitsOnly in every language. */
export const phoneDigitsOnlyIn: Localised = {
  en: phoneDigitsOnly,
  sw: 'Andika nambari ya simu kwa tarakimu pekee, kwa mfano 0722514380 au 254722514380',
};

/**
 * An optional phone input (type tel) for a number in any country's format:
 * blank or missing is no number (undefined), anything else must be a valid
 * number and is stored in E.164 (normalisePhone, src/forms/shared/phone-numbers.ts:
 * strict once loadPhoneNumbers() has loaded libphonenumber-js).
 */
export function internationalPhoneField() {
  return v.optional(
    v.pipe(
      v.nullish(v.string(message(notText(phoneNoun))), ''),
      v.trim(),
      v.maxLength(LIMITS.phone, message(tooLong(phoneNoun, LIMITS.phone))),
      v.check(
        (value) => value === '' || normalisePhone(value) !== null,
        message({
          en: 'Enter a valid phone number, e.g. 0722 514 380 or +44 20 7946 0958',
          sw: 'Andika nambari sahihi ya simu, kwa mfano 0722 514 380 au +44 20 7946 0958',
        }),
      ),
      v.transform((value) => (value === '' ? undefined : normalisePhone(value)!)),
    ),
  );
}

const notAnOption: Localised = {
  en: 'Choose one of the options listed',
  sw: 'Chagua mojawapo ya chaguo zilizoorodheshwa',
};

/** What each option of a choice is called, in every language, by the value the form sends. */
export type Options<Option extends string> = Readonly<Record<Option, Localised>>;

const isOption = <Option extends string>(options: Options<Option>, value: string): value is Option =>
  Object.hasOwn(options, value);

/** An optional choice of one of `options` (a select): blank or missing is none (undefined). */
export function choiceField<const Option extends string>(noun: Localised, options: Options<Option>) {
  return v.optional(
    v.pipe(
      v.nullish(v.string(message(notText(noun))), ''),
      v.trim(),
      v.check((value) => value === '' || isOption(options, value), message(notAnOption)),
      v.transform((value) => (value === '' ? undefined : (value as Option))),
    ),
  );
}

/**
 * An optional choice of any of `options` (checkboxes), sent as an array of
 * values: none is undefined; the chosen are kept in the options' order, each
 * once. More values than there are options, or one that is none, is refused.
 */
export function choicesField<const Option extends string>(noun: Localised, options: Options<Option>) {
  const all = Object.keys(options) as Option[];
  return v.optional(
    v.pipe(
      v.nullish(v.array(v.string(message(notText(noun))), message(notAnOption)), []),
      v.maxLength(all.length, message(notAnOption)),
      v.check((values) => values.every((value) => isOption(options, value)), message(notAnOption)),
      v.transform((values) => {
        const chosen = all.filter((option) => values.includes(option));
        return chosen.length === 0 ? undefined : chosen;
      }),
    ),
  );
}

/**
 * The hidden spam trap, `honey` in every form: any text is accepted by the
 * schema; handlers check it before validating. Its label is read by bots only.
 */
export const honeypot = {
  label: 'Leave this field empty',
  kind: 'trap',
  schema: v.nullish(v.string(message(notText('honey'))), ''),
} as const satisfies FieldDefinition;

/** Maximum lengths of text fields, in characters. One home for every bound. */
export const LIMITS = {
  name: 120,
  email: 254,
  phone: 32,
  subject: 200,
  message: 5000,
  practice: 120,
  country: 100,
  gender: 50,
  identification: 30,
  institution: 200,
  grade: 20,
  shortText: 1000,
  fileName: 255,
} as const;

/** Is the honeypot filled? Anything other than missing, null or blank counts. */
export function isHoneypotFilled(values: unknown): boolean {
  if (!isPlainObject(values)) return false;
  const honey = values.honey;
  if (honey === undefined || honey === null) return false;
  if (typeof honey === 'string') return honey.trim() !== '';
  return true;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A form's schema: an object of its fields, in the order the form shows them. */
export type FormSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/** The name of each field of `schema`. */
export type FieldOf<Schema extends FormSchema> = keyof Schema['entries'] & string;

/** The fields of `schema`, in the order the form shows them: the order its entries are written in. */
export function fieldNames<Schema extends FormSchema>(schema: Schema): readonly FieldOf<Schema>[] {
  return Object.keys(schema.entries) as FieldOf<Schema>[];
}

/**
 * Runs a form's schema and returns either the parsed data or the first message
 * of each failing field, ordered as the fields appear in the form. A value that
 * is not an object is validated as an empty form, so every required field reports.
 */
export function validateFields<Schema extends FormSchema>(
  schema: Schema,
  values: unknown,
  lang: Language = DEFAULT_LANGUAGE,
): ValidationResult<v.InferOutput<Schema>, FieldOf<Schema>> {
  const input = isPlainObject(values) ? values : {};
  const result = v.safeParse(schema, input, { abortPipeEarly: true, lang });
  if (result.success) return { ok: true, data: result.output };
  const byField = new Map<string, string>();
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field === 'string' && !byField.has(field)) byField.set(field, issue.message);
  }
  const errors: FieldErrors<FieldOf<Schema>> = {};
  for (const field of fieldNames(schema)) {
    const message = byField.get(field);
    if (message !== undefined) errors[field] = message;
  }
  return { ok: false, errors };
}

const correctAndSendAgain: Localised = {
  en: 'Please correct the following and send again.',
  sw: 'Tafadhali rekebisha yafuatayo kisha utume tena.',
};

/** The message of each of `fields` in every language, from the messages of each language. */
export function messagesByField<const Field extends string>(
  messagesIn: Readonly<Record<Language, Readonly<Record<Field, string>>>>,
): Record<Field, Localised> {
  const fields = Object.keys(messagesIn.en) as Field[];
  return Object.fromEntries(
    fields.map((field) => [field, { en: messagesIn.en[field], sw: messagesIn.sw[field] }]),
  ) as Record<Field, Localised>;
}

/** One sentence naming every failing field, for the `message` of a 422 answer, in `lang`. */
export function describeFieldErrors(
  errors: Partial<Record<string, string>>,
  lang: Language = DEFAULT_LANGUAGE,
): string {
  const parts = Object.entries(errors)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([field, text]) => `${field}: ${text}`);
  return `${correctAndSendAgain[lang]} ${parts.join('; ')}.`;
}
