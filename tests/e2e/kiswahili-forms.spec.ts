// The forms of the Kiswahili pages, as a visitor on a phone and on a desktop
// uses them: the contact form on /sw/contact-us and the consultation request
// on a Kiswahili practice-area page speak Kiswahili (labels, validation
// messages, button, the function's answer), and what is sent arrives stored
// for the firm, marked as written from the Kiswahili page.
import { expect, test } from '@playwright/test';
import { consultationCopy, consultationMessagesIn } from '../../src/forms/consultation/consultation.ts';
import { contactCopy, contactMessagesIn } from '../../src/forms/contact/contact.ts';
import { whatsappLink } from '../../src/lib/whatsapp.ts';
import { enquirySuccessMessages } from '../../src/server/handlers.ts';
import { control, expectFieldMessage, openForm, uniqueEmail } from './support/forms.ts';
import { findStoredRecord } from './support/stored-submissions.ts';

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`in Kiswahili at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the contact form says what is missing in Kiswahili, then sends, thanks in Kiswahili and is stored', async ({
      page,
    }) => {
      const form = await openForm(page, '/sw/contact-us', '.contact-form-card');
      await expect(form.getByLabel('Jina')).toBeVisible();
      await form.getByRole('button', { name: contactCopy.sw.button.idle }).click();
      for (const [field, message] of Object.entries(contactMessagesIn.sw)) {
        await expectFieldMessage(form, field, message);
      }

      const email = uniqueEmail(`sw-contact-${viewport.width}`);
      await control(form, 'name').fill('Wekesa Barasa');
      await control(form, 'email').fill(email);
      await control(form, 'phone').fill('0722514380');
      await control(form, 'interest').fill('Mgogoro wa ardhi');
      await control(form, 'msg').fill('Ningependa ushauri kuhusu hati miliki ya shamba langu Kakamega.');
      await form.getByRole('button', { name: contactCopy.sw.button.idle }).click();

      const status = form.getByRole('status');
      await expect(status).toHaveText(enquirySuccessMessages.sw.contact, { timeout: 20_000 });
      await expect(status).toBeInViewport();
      const record = await findStoredRecord('contact', (stored) => stored.fields.email === email);
      expect(record.fields).toMatchObject({ name: 'Wekesa Barasa', interest: 'Mgogoro wa ardhi' });
      expect(record.language).toBe('sw');
    });

    test('the consultation request says what is missing in Kiswahili, then sends, thanks in Kiswahili, offers WhatsApp and is stored', async ({
      page,
    }) => {
      const form = await openForm(page, '/sw/practice-area/employment-law', '.practice-body__form');
      await form.getByRole('button', { name: consultationCopy.sw.button.idle }).click();
      await expectFieldMessage(form, 'name', consultationMessagesIn.sw.name);
      await expectFieldMessage(form, 'email', consultationMessagesIn.sw.email);

      const email = uniqueEmail(`sw-consultation-${viewport.width}`);
      await control(form, 'name').fill('Nafula Wanyama');
      await control(form, 'email').fill(email);
      await form.getByRole('button', { name: consultationCopy.sw.button.idle }).click();

      const status = form.getByRole('status');
      await expect(status).toHaveText(enquirySuccessMessages.sw.consultation, { timeout: 20_000 });
      await expect(status).toBeInViewport();
      const whatsapp = whatsappLink('sw');
      await expect(form.getByRole('link', { name: whatsapp.accessibleName })).toHaveAttribute('href', whatsapp.href);
      const record = await findStoredRecord('consultation', (stored) => stored.fields.email === email);
      expect(record.fields).toMatchObject({ name: 'Nafula Wanyama' });
      expect(record.language).toBe('sw');
    });
  });
}
