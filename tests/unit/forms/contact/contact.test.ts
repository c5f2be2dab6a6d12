import { describe, expect, it } from 'vitest';
import {
  contactFieldDefinitions,
  contactFields,
  contactLabels,
  contactMessages,
  validateContact,
} from '../../../../src/forms/contact/contact.ts';
import { fieldsOfKind } from '../../../../src/forms/shared/fields.ts';
import { validContact } from '../../../../scripts/lib/sample-requests.ts';

describe('contact form schema', () => {
  it('accepts a complete message and trims what the person typed', () => {
    const result = validateContact({ ...validContact(), name: '  Wanjiru Kamau  ' });
    expect(result).toEqual({ ok: true, data: { ...validContact(), name: 'Wanjiru Kamau' } });
  });

  it.each([
    ['name', 'Name input is required'],
    ['email', 'Email input is required'],
    ['phone', 'Phone number input is required'],
    ['interest', 'Kindly add the your subject of interest'],
    ['msg', 'Message input is required'],
  ] as const)('without %s it says "%s"', (field, message) => {
    const { [field]: _omitted, ...values } = validContact();
    expect(validateContact(values)).toEqual({ ok: false, errors: { [field]: message } });
    expect(validateContact({ ...validContact(), [field]: '   ' })).toEqual({ ok: false, errors: { [field]: message } });
    expect(contactMessages[field]).toBe(message);
  });

  it('reports every empty field at once, in the order of the form', () => {
    const result = validateContact({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(['name', 'email', 'phone', 'interest', 'msg']);
    expect(Object.keys(result.errors)).toEqual(contactFields.filter((field) => field in result.errors));
  });

  it('refuses a malformed email address with a clear message', () => {
    expect(validateContact({ ...validContact(), email: 'wanjiru@' })).toEqual({
      ok: false,
      errors: { email: 'Enter a valid email address, e.g. name@example.com' },
    });
  });

  it('refuses a phone number that is not one', () => {
    const result = validateContact({ ...validContact(), phone: 'call me' });
    expect(result.ok ? undefined : result.errors.phone).toMatch(/valid phone number/);
  });

  it('takes the phone from a number input as text', () => {
    const result = validateContact({ ...validContact(), phone: 722000111 });
    expect(result.ok && result.data.phone).toBe('722000111');
  });

  it('bounds the length of each field', () => {
    const result = validateContact({
      ...validContact(),
      name: 'a'.repeat(121),
      email: `${'a'.repeat(250)}@example.com`,
      interest: 'a'.repeat(201),
      msg: 'a'.repeat(5001),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Name must be at most 120 characters',
        email: 'Email must be at most 254 characters',
        interest: 'Subject must be at most 200 characters',
        msg: 'Message must be at most 5000 characters',
      },
    });
  });

  it('says so when a field is not text', () => {
    expect(validateContact({ ...validContact(), name: 42, msg: ['hi'] })).toEqual({
      ok: false,
      errors: { name: 'Name must be text', msg: 'Message must be text' },
    });
  });

  it('labels each field as the page shows it (docs/requirements.md#contact-form); staff read the same labels', () => {
    expect(Object.entries(contactLabels)).toEqual([
      ['name', 'Name'],
      ['email', 'Email'],
      ['honey', 'Leave this field empty'],
      ['phone', 'Phone Number'],
      ['interest', 'Subject'],
      ['msg', 'Message'],
    ]);
  });

  it('has one paragraph, the message', () => {
    expect(fieldsOfKind(contactFieldDefinitions, 'paragraph')).toEqual(['msg']);
  });
});
