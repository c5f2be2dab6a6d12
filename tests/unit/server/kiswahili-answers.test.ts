// The contact and consultation functions answer in the language the island
// names beside `form_data` (`lang`): Kiswahili for "sw", English otherwise.
import { describe, expect, it } from 'vitest';
import contactHandler from '../../../netlify/functions/contactform.ts';
import consultationHandler from '../../../netlify/functions/inquiryform.ts';
import { CONSULTATION_ENDPOINT } from '../../../src/forms/consultation/consultation.ts';
import { CONTACT_ENDPOINT } from '../../../src/forms/contact/contact.ts';
import { createConsultationHandler, enquirySuccessMessages, successMessages } from '../../../src/server/handlers.ts';
import type { ConsultationRecord, ContactRecord } from '../../../src/server/submissions/record.ts';
import { jsonRequest, validConsultation, validContact } from '../../../scripts/lib/sample-requests.ts';
import { messageOf } from '../../support/requests.ts';
import { failingBeforeCommit, isEmpty, storedRecords, useFormsDatabase } from '../../support/stored-enquiries.ts';

const database = useFormsDatabase();

const sendContact = (body: unknown) => contactHandler(jsonRequest(CONTACT_ENDPOINT, body));
const sendConsultation = (body: unknown) => consultationHandler(jsonRequest(CONSULTATION_ENDPOINT, body));

async function onlyRecord<Record extends ContactRecord | ConsultationRecord>(type: Record['type']): Promise<Record> {
  const records = await storedRecords<Record>(database.db, type);
  expect(records).toHaveLength(1);
  return records[0]!;
}

describe('the functions answer in the form’s language', () => {
  it('thanks a Kiswahili contact message in Kiswahili and notes the page’s language on the record', async () => {
    const response = await sendContact({ form_data: validContact(), lang: 'sw' });
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(enquirySuccessMessages.sw.contact);
    expect(enquirySuccessMessages.sw.contact).toBe(
      'Asante kwa ujumbe wako. Tumeupokea na tutawasiliana nawe hivi karibuni.',
    );
    const record = await onlyRecord<ContactRecord>('contact');
    expect(record.language).toBe('sw');
  });

  it('thanks a Kiswahili consultation request in Kiswahili, storing its new fields', async () => {
    const response = await sendConsultation({
      form_data: {
        ...validConsultation(),
        phone: '0722 514 380',
        contact_method: 'whatsapp',
        preferred_times: ['weekday-afternoons'],
      },
      lang: 'sw',
    });
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(
      'Asante. Tumepokea ombi lako la ushauri wa kisheria na tutawasiliana nawe hivi karibuni.',
    );
    const record = await onlyRecord<ConsultationRecord>('consultation');
    const { honey: _honey, ...fields } = validConsultation();
    expect(record.language).toBe('sw');
    expect(record.fields).toEqual({
      ...fields,
      phone: '+254722514380',
      contact_method: 'whatsapp',
      preferred_times: ['weekday-afternoons'],
    });
  });

  it.each([undefined, 'en', 'fr', 7, null, ['sw']])('answers in English when lang is %j', async (lang) => {
    const response = await sendContact({ form_data: validContact(), lang });
    expect(await messageOf(response)).toBe(successMessages.contact);
    expect(await onlyRecord<ContactRecord>('contact')).not.toHaveProperty('language');
  });

  it('names what is missing in Kiswahili (422) and stores nothing', async () => {
    const { name: _name, ...formData } = validContact();
    const response = await sendContact({ form_data: { ...formData, email: 'si-barua' }, lang: 'sw' });
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toBe(
      'Tafadhali rekebisha yafuatayo kisha utume tena. name: Jina linahitajika; ' +
        'email: Andika anwani sahihi ya barua pepe, kwa mfano jina@example.com.',
    );
    const { email: _email, ...consultation } = validConsultation();
    const refused = await sendConsultation({ form_data: { ...consultation, meeting_place: 'Mombasa' }, lang: 'sw' });
    expect(await messageOf(refused)).toBe(
      'Tafadhali rekebisha yafuatayo kisha utume tena. email: Barua pepe inahitajika; ' +
        'meeting_place: Chagua mojawapo ya chaguo zilizoorodheshwa.',
    );
    expect(await isEmpty(database.db)).toBe(true);
  });

  it('answers a filled honeypot in the form’s language too, so a bot learns nothing', async () => {
    const response = await sendConsultation({ form_data: { ...validConsultation(), honey: 'x' }, lang: 'sw' });
    expect(await messageOf(response)).toBe(enquirySuccessMessages.sw.consultation);
  });

  it('apologises for a fault of ours in Kiswahili, with the reference and the phone number', async () => {
    const failing = createConsultationHandler({
      db: failingBeforeCommit(database.db),
      log: () => {},
    });
    const response = await failing(jsonRequest(CONSULTATION_ENDPOINT, { form_data: validConsultation(), lang: 'sw' }));
    expect(response.status).toBe(500);
    expect(await messageOf(response)).toMatch(
      /^Samahani, hatukuweza kuhifadhi ombi lako la ushauri kwa sababu ya hitilafu upande wetu \(kumbukumbu E-[0-9A-F]{10}\)\. .*0722 514 380\.$/,
    );
  });
});
