// The contact form in Kiswahili (the island's lang="sw"): the same fields and
// schema, its messages, labels and words in Kiswahili; the English unchanged.
import { describe, expect, it } from 'vitest';
import {
  contactCopy,
  contactFieldDefinitions,
  contactFormName,
  contactMessages,
  contactMessagesIn,
  validateContact,
} from '../../../../src/forms/contact/contact.ts';
import { sharedEnquiryCopy } from '../../../../src/forms/shared/enquiry-copy.ts';
import {
  describeFieldErrors,
  labelsOf,
  phoneDigitsOnly,
  phoneDigitsOnlyIn,
} from '../../../../src/forms/shared/fields.ts';
import { LANGUAGES } from '../../../../src/lib/i18n/languages.ts';
import { validContact } from '../../../../scripts/lib/sample-requests.ts';

describe('the contact form in Kiswahili', () => {
  it.each([
    ['name', 'Jina linahitajika'],
    ['email', 'Barua pepe inahitajika'],
    ['phone', 'Nambari ya simu inahitajika'],
    ['interest', 'Tafadhali andika mada ya ujumbe wako'],
    ['msg', 'Ujumbe unahitajika'],
  ] as const)('without %s it says "%s"', (field, message) => {
    const { [field]: _omitted, ...values } = validContact();
    expect(validateContact(values, 'sw')).toEqual({ ok: false, errors: { [field]: message } });
    expect(contactMessagesIn.sw[field]).toBe(message);
  });

  it('answers in English when no language is given, with the firm’s words', () => {
    const { name: _name, ...values } = validContact();
    expect(validateContact(values)).toEqual({ ok: false, errors: { name: 'Name input is required' } });
    expect(contactMessagesIn.en).toBe(contactMessages);
  });

  it('writes the format messages in Kiswahili', () => {
    expect(validateContact({ ...validContact(), email: 'x', phone: '12', name: 'n'.repeat(121) }, 'sw')).toEqual({
      ok: false,
      errors: {
        name: 'Sehemu ya Jina isizidi herufi 120',
        email: 'Andika anwani sahihi ya barua pepe, kwa mfano jina@example.com',
        phone: 'Andika nambari sahihi ya simu yenye tarakimu 7 hadi 15, kwa mfano 0722514380 au 254722514380',
      },
    });
    expect(phoneDigitsOnlyIn).toEqual({
      en: phoneDigitsOnly,
      sw: 'Andika nambari ya simu kwa tarakimu pekee, kwa mfano 0722514380 au 254722514380',
    });
  });

  it('labels its fields, names itself and words its button states in Kiswahili; the English stays the firm’s', () => {
    expect(labelsOf(contactFieldDefinitions, 'sw')).toMatchObject({
      name: 'Jina',
      email: 'Barua pepe',
      phone: 'Nambari ya simu',
      interest: 'Mada',
      msg: 'Ujumbe',
    });
    expect(labelsOf(contactFieldDefinitions)).toMatchObject({ name: 'Name', phone: 'Phone Number', msg: 'Message' });
    expect(contactCopy.sw.button).toEqual({ idle: 'Tuma Ujumbe', sending: 'Inatuma...', sent: 'Imetumwa' });
    expect(contactCopy.en.button).toEqual({ idle: 'Send Message', sending: 'Sending...', sent: 'Sent' });
    expect(contactFormName).toEqual({ en: 'Send us a message', sw: 'Tutumie ujumbe' });
    expect(sharedEnquiryCopy.sw.optional).toBe('(si lazima)');
  });

  it('has every word of the form in every language', () => {
    for (const lang of LANGUAGES) {
      for (const [name, field] of Object.entries(contactFieldDefinitions)) {
        if (name !== 'honey') expect(labelsOf(contactFieldDefinitions, lang)[name as 'name']).toBeTruthy();
        expect(field.label).toBeTruthy();
      }
      expect(Object.values(contactCopy[lang].button).every(Boolean)).toBe(true);
    }
  });

  it('names the failing fields for a 422 in the language asked', () => {
    expect(describeFieldErrors({ name: 'Jina linahitajika' }, 'sw')).toBe(
      'Tafadhali rekebisha yafuatayo kisha utume tena. name: Jina linahitajika.',
    );
    expect(describeFieldErrors({ name: 'Name input is required' })).toBe(
      'Please correct the following and send again. name: Name input is required.',
    );
  });
});
