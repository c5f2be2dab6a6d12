// What the three forms (src/forms/contact/, consultation/, application/) have in
// common: how a field is defined, the field builders, the bounds of text, and
// validation. Each form's folder owns its fields, messages and endpoint; this
// file only holds the pieces they share, so a rule such as "text is trimmed and
// bounded" is written once. (src/forms/shared/sending.ts is how the islands send.)
//
// A form is the list of its fields' definitions (FieldDefinition), in the order
// the page shows them. Everything else is derived from that list: the valibot
// schema the island and the function validate with (formSchema), the field
// names in order (fieldNames), the labels the page shows and staff read in
// e-mails and `npm run submissions -- show` (labelsOf), and which fields are
// paragraphs, boxes or files (fieldsOfKind).
import * as v from 'valibot';

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
  | 'checkbox'
  | 'file'
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

/** Each field's label, by field name, in form order. */
export function labelsOf<Fields extends FormFields>(fields: Fields): { readonly [Field in keyof Fields]: string } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.label])) as {
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

const tooLong = (noun: string, max: number) => `${noun} must be at most ${max} characters`;
const notText = (noun: string) => `${noun} must be text`;

// The field builders: each takes the noun its messages call the field by
// ("Full name must be at most 120 characters").

/**
 * A text input: a missing or null value counts as empty, the value is trimmed,
 * then it must be non-empty (when `required` holds the message) and at most
 * `max` characters.
 */
export function textField(noun: string, max: number, required: string) {
  return v.pipe(
    v.nullish(v.string(notText(noun)), ''),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, tooLong(noun, max)),
  );
}

/** An optional text input: missing, null or blank becomes ''. */
export function optionalTextField(noun: string, max: number) {
  return v.pipe(v.nullish(v.string(notText(noun)), ''), v.trim(), v.maxLength(max, tooLong(noun, max)));
}

/** An e-mail input: required, at most 254 characters (RFC 5321), and well formed. */
export function emailField(required: string) {
  return v.pipe(
    textField('Email', LIMITS.email, required),
    v.email('Enter a valid email address, e.g. name@example.com'),
  );
}

/**
 * A phone input. The forms use a number input, so a number is accepted and
 * turned into text; the text may hold digits, spaces, + ( ) - and dots, with
 * 7 to 15 digits (the E.164 maximum). Messages call it a phone number, as the
 * forms do.
 */
export function phoneField(required: string) {
  const noun = 'Phone number';
  return v.pipe(
    v.nullish(v.union([v.string(), v.pipe(v.number(), v.finite(), v.transform(String))], notText(noun)), ''),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(LIMITS.phone, tooLong(noun, LIMITS.phone)),
    v.check(
      (value) => /^\+?[\d\s().-]+$/.test(value) && digitCount(value) >= 7 && digitCount(value) <= 15,
      'Enter a valid phone number of 7 to 15 digits, e.g. 0722514380 or 254722514380',
    ),
  );
}

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * For a phone number input (type number) whose text the browser cannot read as a
 * number, e.g. "+254 722…": the browser then reports an empty value, so the
 * island shows this instead of the "required" message.
 */
export const phoneDigitsOnly = 'Enter the phone number in digits only, e.g. 0722514380 or 254722514380';

/**
 * The hidden spam trap, `honey` in every form: any text is accepted by the
 * schema; handlers check it before validating. Its label is read by bots only.
 */
export const honeypot = {
  label: 'Leave this field empty',
  kind: 'trap',
  schema: v.nullish(v.string(notText('honey')), ''),
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
