// How a form is defined (src/forms/shared/fields.ts): its schema, field order,
// labels and kinds all come from one list of field definitions.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  fieldNames,
  fieldsOfKind,
  formSchema,
  honeypot,
  labelsOf,
  phoneDigitsOnly,
  phoneField,
  textField,
  validateFields,
  type FormFields,
} from '../../../../src/forms/shared/fields.ts';

const fields = {
  title: { label: 'Title', kind: 'line', schema: textField('Title', 20, 'Title is required') },
  honey: honeypot,
  notes: { label: 'Your Notes', kind: 'paragraph', schema: textField('Notes', 200, 'Notes are required') },
  agree: { label: 'I agree', kind: 'checkbox', schema: v.literal(true) },
} as const satisfies FormFields;

describe('a form defined by its fields', () => {
  const schema = formSchema(fields);

  it('validates with each field’s schema, reporting in the order the fields are defined', () => {
    expect(fieldNames(schema)).toEqual(['title', 'honey', 'notes', 'agree']);
    expect(validateFields(schema, { title: ' A ', notes: 'B', agree: true })).toEqual({
      ok: true,
      data: { title: 'A', honey: '', notes: 'B', agree: true },
    });
    const result = validateFields(schema, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(['title', 'notes', 'agree']);
  });

  it('labels each field in order, whatever its messages call it', () => {
    expect(Object.entries(labelsOf(fields))).toEqual([
      ['title', 'Title'],
      ['honey', 'Leave this field empty'],
      ['notes', 'Your Notes'],
      ['agree', 'I agree'],
    ]);
    expect(validateFields(schema, { title: 'A', notes: 'x'.repeat(201), agree: true })).toEqual({
      ok: false,
      errors: { notes: 'Notes must be at most 200 characters' },
    });
  });

  it('lists the fields of a kind, in order', () => {
    expect(fieldsOfKind(fields, 'paragraph')).toEqual(['notes']);
    expect(fieldsOfKind(fields, 'line', 'paragraph', 'trap')).toEqual(['title', 'honey', 'notes']);
    expect(fieldsOfKind(fields, 'file')).toEqual([]);
  });
});

describe('phone numbers in a number input', () => {
  it('the examples the messages give are what a number input holds, and are accepted', () => {
    const schema = phoneField('required');
    const examples = phoneDigitsOnly.match(/\d{7,}/g)!;
    expect(examples).toEqual(['0722514380', '254722514380']);
    for (const example of examples) expect(v.safeParse(schema, example).success).toBe(true);
    const tooShort = v.safeParse(schema, '254722');
    expect(tooShort.success).toBe(false);
    expect(tooShort.issues?.[0]?.message).toMatch(/^Enter a valid phone number of 7 to 15 digits, e\.g\. 0722514380/);
  });
});
