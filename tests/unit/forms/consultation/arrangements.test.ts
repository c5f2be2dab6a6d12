// The consultation request's optional fields that let the firm act on it (how
// and when to reach the person), and the form in Kiswahili.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consultationCopy,
  consultationFieldDefinitions,
  consultationMessages,
  consultationMessagesIn,
  contactMethods,
  meetingPlaces,
  preferredTimes,
  validateConsultation,
} from '../../../../src/forms/consultation/consultation.ts';
import { fieldsOfKind, labelsOf } from '../../../../src/forms/shared/fields.ts';
import { loadPhoneNumbers } from '../../../../src/forms/shared/phone-numbers.ts';
import { validConsultation } from '../../../../scripts/lib/sample-requests.ts';

beforeAll(() => loadPhoneNumbers());

const arranged = {
  ...validConsultation(),
  phone: '0722 514 380',
  contact_method: 'whatsapp',
  meeting_place: 'kakamega',
  preferred_times: ['saturday-mornings', 'weekday-mornings'],
};

describe('a consultation request the firm can act on', () => {
  it('takes a phone number, the way to be contacted, where to meet and several times, all stored as chosen', () => {
    expect(validateConsultation(arranged)).toEqual({
      ok: true,
      data: {
        ...validConsultation(),
        phone: '+254722514380',
        contact_method: 'whatsapp',
        meeting_place: 'kakamega',
        // In the options' order, whatever order they were ticked in.
        preferred_times: ['weekday-mornings', 'saturday-mornings'],
      },
    });
  });

  it('leaves every new field optional: a request without them is the firm’s payload', () => {
    const result = validateConsultation(validConsultation());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(JSON.parse(JSON.stringify(result.data))).toEqual(validConsultation());
    const blank = validateConsultation({
      ...validConsultation(),
      phone: '',
      contact_method: '',
      meeting_place: '',
      preferred_times: [],
    });
    expect(blank.ok && JSON.parse(JSON.stringify(blank.data))).toEqual(validConsultation());
  });

  it('lets one, two or all three times be chosen', () => {
    const times = Object.keys(preferredTimes);
    for (let count = 1; count <= times.length; count++) {
      const result = validateConsultation({ ...validConsultation(), preferred_times: times.slice(0, count) });
      expect(result).toMatchObject({ ok: true, data: { preferred_times: times.slice(0, count) } });
    }
  });

  it.each([
    ['contact_method', 'carrier pigeon'],
    ['contact_method', '__proto__'],
    ['meeting_place', 'Mombasa office'],
    ['preferred_times', ['sunday-evenings']],
    ['preferred_times', 'weekday-mornings'],
    ['preferred_times', ['weekday-mornings', 'weekday-mornings', 'weekday-mornings', 'weekday-mornings']],
    ['preferred_times', [7]],
  ] as const)('refuses %s %j, which is not one of its options', (field, value) => {
    const result = validateConsultation({ ...validConsultation(), [field]: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
  });

  it('says so in the form’s language', () => {
    expect(validateConsultation({ ...validConsultation(), contact_method: 'fax' })).toEqual({
      ok: false,
      errors: { contact_method: 'Choose one of the options listed' },
    });
    expect(validateConsultation({ ...validConsultation(), contact_method: 'fax' }, 'sw')).toEqual({
      ok: false,
      errors: { contact_method: 'Chagua mojawapo ya chaguo zilizoorodheshwa' },
    });
  });

  it('offers phone call, WhatsApp and e-mail; both offices, a video call and the phone; three times of the week', () => {
    expect(Object.values(contactMethods).map((names) => names.en)).toEqual(['Phone call', 'WhatsApp', 'E-mail']);
    expect(Object.values(meetingPlaces).map((names) => names.en)).toEqual([
      'Nairobi office',
      'Kakamega office',
      'Video call',
      'Phone',
    ]);
    expect(Object.values(preferredTimes).map((names) => names.en)).toEqual([
      'Weekday mornings',
      'Weekday afternoons',
      'Saturday mornings',
    ]);
    expect(fieldsOfKind(consultationFieldDefinitions, 'choice')).toEqual(['contact_method', 'meeting_place']);
    expect(fieldsOfKind(consultationFieldDefinitions, 'choices')).toEqual(['preferred_times']);
  });
});

describe('the consultation request in Kiswahili', () => {
  it('keeps the firm’s English messages and button words as they are', () => {
    expect(consultationMessages).toEqual({
      practice: 'Practice area is required',
      name: 'Name input is required',
      email: 'Email input is required',
    });
    expect(consultationCopy.en.button).toEqual({
      idle: 'Send Request',
      sending: 'Sending Request...',
      sent: 'Request Sent',
    });
  });

  it.each([
    ['name', 'Jina linahitajika'],
    ['email', 'Barua pepe inahitajika'],
    ['practice', 'Eneo la huduma linahitajika'],
  ] as const)('without %s it says "%s"', (field, message) => {
    const { [field]: _omitted, ...values } = validConsultation();
    expect(validateConsultation(values, 'sw')).toEqual({ ok: false, errors: { [field]: message } });
    expect(consultationMessagesIn.sw[field]).toBe(message);
  });

  it('writes the format and length messages in Kiswahili too', () => {
    expect(validateConsultation({ ...validConsultation(), email: 'si-barua', info: 'i'.repeat(5001) }, 'sw')).toEqual({
      ok: false,
      errors: {
        email: 'Andika anwani sahihi ya barua pepe, kwa mfano jina@example.com',
        info: 'Sehemu ya Taarifa za ziada isizidi herufi 5000',
      },
    });
  });

  it('labels every field, option and button state in Kiswahili', () => {
    expect(labelsOf(consultationFieldDefinitions, 'sw')).toMatchObject({
      name: 'Jina',
      email: 'Barua pepe',
      info: 'Taarifa za ziada',
      phone: 'Nambari ya simu',
      contact_method: 'Njia unayopendelea tuwasiliane nawe',
      meeting_place: 'Mahali pa kukutana',
      preferred_times: 'Nyakati unazopendelea',
    });
    expect(consultationCopy.sw.button).toEqual({
      idle: 'Tuma Ombi',
      sending: 'Inatuma Ombi...',
      sent: 'Ombi Limetumwa',
    });
    expect(Object.values(contactMethods).map((names) => names.sw)).toEqual(['Kupigiwa simu', 'WhatsApp', 'Barua pepe']);
    expect(Object.values(meetingPlaces).map((names) => names.sw)).toEqual([
      'Ofisi ya Nairobi',
      'Ofisi ya Kakamega',
      'Mkutano kwa video',
      'Kwa simu',
    ]);
  });
});
