import { describe, expect, it } from 'vitest';
import {
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
