// Building blocks shared by the three forms (src/forms/contact/, consultation/,
// application/). Each form's folder owns its schema, messages and payload type;
// this file only holds the pieces they have in common, so a rule such as "text
// is trimmed and bounded" is written once.
//
// A form's schema is the one source of what its fields are: their order is the
// order its entries are written in (fieldNames), and each field's title
// (v.title, fieldTitles) is what staff read beside the value, in e-mails and
// in `npm run submissions -- show`. The field builders below give a field the
// label its messages use as its title; a schema entry states another title
// where staff call the field differently.
import * as v from 'valibot';

/** Per-field error messages, keyed by the spec's field names, in form order. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The answer of every `validate…()` helper: the clean payload, or one message per failing field. */
export type ValidationResult<Data, Field extends string> =
  { ok: true; data: Data } | { ok: false; errors: FieldErrors<Field> };

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
const notText = (label: string) => `${label} must be text`;

/**
 * A text input: a missing or null value counts as empty, the value is trimmed,
 * then it must be non-empty (when `required` holds the message) and at most
 * `max` characters.
 */
export function textField(label: string, max: number, required: string) {
  return v.pipe(
    v.nullish(v.string(notText(label)), ''),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, tooLong(label, max)),
    v.title(label),
  );
}

/** An optional text input: missing, null or blank becomes ''. */
export function optionalTextField(label: string, max: number) {
  return v.pipe(
    v.nullish(v.string(notText(label)), ''),
    v.trim(),
    v.maxLength(max, tooLong(label, max)),
    v.title(label),
  );
}

/** An e-mail input: required, at most 254 characters (RFC 5321), and well formed. */
export function emailField(required: string, label = 'Email') {
  return v.pipe(
    textField(label, LIMITS.email, required),
    v.email('Enter a valid email address, e.g. name@example.com'),
  );
}

/**
 * A phone input. The forms use a number input, so a number is accepted and
 * turned into text; the text may hold digits, spaces, + ( ) - and dots, with
 * 7 to 15 digits (the E.164 maximum). Messages call it a phone number, as the
 * forms do; staff read it as "Phone".
 */
export function phoneField(required: string) {
  const label = 'Phone number';
  return v.pipe(
    v.nullish(v.union([v.string(), v.pipe(v.number(), v.finite(), v.transform(String))], notText(label)), ''),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(LIMITS.phone, tooLong(label, LIMITS.phone)),
    v.check(
      (value) => /^\+?[\d\s().-]+$/.test(value) && digitCount(value) >= 7 && digitCount(value) <= 15,
      'Enter a valid phone number of 7 to 15 digits, e.g. 0722514380 or 254722514380',
    ),
    v.title('Phone'),
  );
}

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * For a phone number input (type number) whose text the browser cannot read as a
 * number, e.g. "+254 722…": the browser then reports an empty value, so the
 * island shows this instead of the "required" message.
 */
export const phoneDigitsOnly = 'Enter the phone number in digits only, e.g. 0722514380 or 254722514380';

/** The hidden spam trap: any text is accepted by the schema; handlers check it before validating. */
export const honeyField = v.nullish(v.string(notText('honey')), '');

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

/** The title of each field of `schema` that has one (fieldNames' order), as staff read it beside the value. */
export function fieldTitles<Schema extends FormSchema>(schema: Schema): Partial<Record<FieldOf<Schema>, string>> {
  const titles: Partial<Record<FieldOf<Schema>, string>> = {};
  for (const field of fieldNames(schema)) {
    const title = v.getTitle(schema.entries[field]!);
    if (title !== undefined) titles[field] = title;
  }
  return titles;
}

/**
 * Runs a form's schema and returns either the parsed data or the first message
 * of each failing field, ordered as the fields appear in the form. A value that
 * is not an object is validated as an empty form, so every required field reports.
 */
export function validateFields<Schema extends FormSchema>(
  schema: Schema,
  values: unknown,
): ValidationResult<v.InferOutput<Schema>, FieldOf<Schema>> {
  const input = isPlainObject(values) ? values : {};
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
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

/** One sentence naming every failing field, for the `message` of a 422 answer. */
export function describeFieldErrors(errors: Partial<Record<string, string>>): string {
  const parts = Object.entries(errors)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([field, message]) => `${field}: ${message}`);
  return `Please correct the following and send again. ${parts.join('; ')}.`;
}
