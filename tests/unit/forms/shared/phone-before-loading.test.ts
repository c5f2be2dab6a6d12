// Until libphonenumber-js has loaded (in the browser, until the phone field is
// first used or the form is sent), a phone number is read leniently, so a field
// is never called wrong for want of the library; the function reads it strictly.
import { describe, expect, it } from 'vitest';
import { validateConsultation } from '../../../../src/forms/consultation/consultation.ts';
import { loadPhoneNumbers, normalisePhone } from '../../../../src/forms/shared/phone-numbers.ts';
import { validConsultation } from '../../../../scripts/lib/sample-requests.ts';

describe('a phone number before the library has loaded', () => {
  it('is read as 7 to 15 digits, a leading 0 being Kenya’s, then strictly once it has', async () => {
    expect(normalisePhone('0722 514 380')).toBe('+254722514380');
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('0722 51')).toBe('+25472251');
    expect(normalisePhone('12345')).toBeNull();
    expect(normalisePhone('0722 ABC')).toBeNull();
    expect(validateConsultation({ ...validConsultation(), phone: '0722 51' }).ok).toBe(true);

    await loadPhoneNumbers();
    expect(normalisePhone('0722 51')).toBeNull();
    expect(validateConsultation({ ...validConsultation(), phone: '0722 51' }).ok).toBe(false);
    expect(normalisePhone('0722 514 380')).toBe('+254722514380');
  });
});
