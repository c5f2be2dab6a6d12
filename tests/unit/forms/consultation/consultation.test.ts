import { describe, expect, it } from 'vitest';
import {
  consultationCopy,
  consultationFieldDefinitions,
  consultationFields,
  consultationLabels,
  validateConsultation,
} from '../../../../src/forms/consultation/consultation.ts';
import { fieldsOfKind } from '../../../../src/forms/shared/fields.ts';
import { validConsultation } from '../../../../scripts/lib/sample-requests.ts';

describe('consultation request schema', () => {
  it('accepts a complete request', () => {
    expect(validateConsultation(validConsultation())).toEqual({ ok: true, data: validConsultation() });
  });

  it.each([
    ['name', 'Name input is required'],
    ['email', 'Email input is required'],
    ['practice', 'Practice area is required'],
  ] as const)('without %s it says "%s"', (field, message) => {
    const { [field]: _omitted, ...values } = validConsultation();
    expect(validateConsultation(values)).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('lets the additional information be left out', () => {
    const { info: _info, ...values } = validConsultation();
    expect(validateConsultation(values)).toEqual({ ok: true, data: { ...validConsultation(), info: '' } });
  });

  it('refuses a malformed email and over-long fields', () => {
    expect(
      validateConsultation({
        ...validConsultation(),
        email: 'not-an-email',
        practice: 'p'.repeat(121),
        info: 'i'.repeat(5001),
      }),
    ).toEqual({
      ok: false,
      errors: {
        practice: 'Practice area must be at most 120 characters',
        email: 'Enter a valid email address, e.g. name@example.com',
        info: 'Additional information must be at most 5000 characters',
      },
    });
  });

  it('labels each field as the page shows it (docs/requirements.md#consultation-form); the practice area, filled in by the page, is named for staff', () => {
    expect(consultationFields).toEqual([
      'practice',
      'name',
      'email',
      'info',
      'phone',
      'contact_method',
      'meeting_place',
      'preferred_times',
      'slot',
      'honey',
    ]);
    expect(Object.entries(consultationLabels)).toEqual([
      ['practice', 'Practice area'],
      ['name', 'Name'],
      ['email', 'Email'],
      ['info', 'Additional Information'],
      ['phone', 'Phone Number'],
      ['contact_method', 'Preferred way to be contacted'],
      ['meeting_place', 'Where to meet'],
      ['preferred_times', 'Preferred times'],
      ['slot', 'Chosen time'],
      ['honey', 'Leave this field empty'],
    ]);
  });

  it('has one paragraph, the additional information', () => {
    expect(fieldsOfKind(consultationFieldDefinitions, 'paragraph')).toEqual(['info']);
  });
});

describe('the time picker’s words', () => {
  it('say how long each time is, and that it is Nairobi time, in both languages', () => {
    expect(consultationCopy.en.times.shown(45)).toBe(
      'Free times in Nairobi time (EAT), 45 minutes each. We confirm the time by e-mail.',
    );
    expect(consultationCopy.sw.times.shown(60)).toContain('dakika 60');
    expect(consultationCopy.sw.times.shown(60)).toContain('saa za Nairobi (EAT)');
  });

  it('accept a time written as the slots endpoint writes it, or none, and refuse any other text', () => {
    const send = (slot: unknown) => validateConsultation({ ...validConsultation(), meeting_place: 'video', slot });
    expect(send('2026-11-30T08:00:00+03:00')).toMatchObject({ ok: true, data: { slot: '2026-11-30T08:00:00+03:00' } });
    expect(send('')).toMatchObject({ ok: true, data: { slot: undefined } });
    for (const slot of ['2026-11-30T05:00:00Z', '2026-11-30 08:00', 'soon', 42])
      expect(send(slot), String(slot)).toMatchObject({
        ok: false,
        errors: { slot: expect.stringMatching(/not one we offer/) },
      });
  });
});
