// The consultation request's phone number: Kenyan or international, checked with
// libphonenumber-js and stored in E.164 (src/forms/shared/fields.ts, normalisePhone).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../src/forms/shared/fields.ts';
import { loadPhoneNumbers, normalisePhone } from '../../../../src/forms/shared/phone-numbers.ts';
import { validateConsultation } from '../../../../src/forms/consultation/consultation.ts';
import { validConsultation } from '../../../../scripts/lib/sample-requests.ts';

beforeAll(() => loadPhoneNumbers());

describe('a phone number, Kenyan or international', () => {
  it.each([
    ['0722514380', '+254722514380'],
    ['0722 514 380', '+254722514380'],
    ['+254 722 514 380', '+254722514380'],
    ['254722514380', '+254722514380'],
    ['(0722) 514-380', '+254722514380'],
    ['0110 123 456', '+254110123456'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['+255 754 123 456', '+255754123456'],
  ])('reads %s as %s', (typed, e164) => {
    expect(normalisePhone(typed)).toBe(e164);
  });

  it.each([
    ['too short', '0722'],
    ['too long for Kenya', '07225143801234'],
    ['letters', '0722 ABC 380'],
    ['a sentence around a number', 'call 0722514380'],
    ['two plus signs', '++254722514380'],
    ['an unknown country code', '+999 123 456 789'],
    ['longer than the bound', `0722514380${' '.repeat(LIMITS.phone)}`],
  ])('refuses %s', (_case, typed) => {
    expect(normalisePhone(typed)).toBeNull();
  });

  it('never throws on any text, and answers text beyond the bound without reading it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (text) => {
        const result = normalisePhone(text);
        expect(result === null || /^\+\d{7,15}$/.test(result)).toBe(true);
        if (text.length > LIMITS.phone) expect(result).toBeNull();
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[+\d\s().-]{0,40}$/), (text) => {
        const result = normalisePhone(text);
        expect(result === null || /^\+\d{7,15}$/.test(result)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes about as long for a hostile input as for a real number (the bound keeps the work linear)', () => {
    const hostile = ['('.repeat(100_000), `+${'9'.repeat(1_000_000)}`, '0'.repeat(5_000_000), ' -'.repeat(500_000)];
    for (const text of hostile) {
      const started = performance.now();
      expect(normalisePhone(text)).toBeNull();
      expect(validateConsultation({ ...validConsultation(), phone: text }).ok).toBe(false);
      expect(performance.now() - started).toBeLessThan(200);
    }
  });

  it('is stored in E.164 by the consultation request, and may be left out', () => {
    expect(validateConsultation({ ...validConsultation(), phone: ' 0722 514 380 ' })).toMatchObject({
      ok: true,
      data: { phone: '+254722514380' },
    });
    for (const phone of [undefined, null, '', '   ']) {
      const result = validateConsultation({ ...validConsultation(), phone });
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.data.phone).toBeUndefined();
    }
  });

  it('is refused with a message in the form’s language', () => {
    expect(validateConsultation({ ...validConsultation(), phone: '12' })).toEqual({
      ok: false,
      errors: { phone: 'Enter a valid phone number, e.g. 0722 514 380 or +44 20 7946 0958' },
    });
    expect(validateConsultation({ ...validConsultation(), phone: '12' }, 'sw')).toEqual({
      ok: false,
      errors: { phone: 'Andika nambari sahihi ya simu, kwa mfano 0722 514 380 au +44 20 7946 0958' },
    });
    expect(validateConsultation({ ...validConsultation(), phone: '0'.repeat(33) })).toEqual({
      ok: false,
      errors: { phone: 'Phone number must be at most 32 characters' },
    });
  });
});
