// Reaching the firm: the WhatsApp links (with their notice) wherever the issue
// lists them, the consultation request's optional fields arriving stored, and a
// form's answer brought into view and announced, on a phone and on a desktop,
// without moving focus.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONSULTATION_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { whatsappLink } from '../../src/lib/whatsapp.ts';
import { successMessages } from '../../src/server/handlers.ts';
import { control, openForm, uniqueEmail } from './support/forms.ts';
import { findStoredRecord } from './support/stored-submissions.ts';

const english = whatsappLink('en');

/** The WhatsApp link in `scope`: opens wa.me in a new tab, safely, named for WhatsApp, with the notice beside it. */
async function expectWhatsApp(scope: Locator) {
  const link = scope.getByRole('link', { name: /WhatsApp/ });
  await expect(link).toHaveCount(1);
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', english.href);
  await expect(link).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(link).toHaveAccessibleName(english.accessibleName);
  await expect(scope.getByText(english.notice, { exact: true })).toBeVisible();
}

test.describe('WhatsApp', () => {
  // Every page's footer has it in its markup (tests/built/whatsapp.spec.ts); here, as a visitor meets it.
  for (const path of ['/about', '/no-such-page']) {
    test(`the footer of ${path} links to WhatsApp, with the notice`, async ({ page }) => {
      await page.goto(path);
      const footer = page.locator('footer.site-footer');
      await footer.scrollIntoViewIfNeeded();
      await expectWhatsApp(footer);
    });
  }

  test('the contact page links to WhatsApp beside the phone numbers, and states the languages of business', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    const details = page.locator('.contact-details');
    await expectWhatsApp(details);
    await expect(details.locator('li', { hasText: 'Languages' })).toContainText('English and Kiswahili');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the sidebar links to WhatsApp, with the notice', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const sidebar = page.getByRole('dialog', { name: 'Menu' });
      await expect(sidebar).toBeVisible();
      await expectWhatsApp(sidebar);
    });
  });
});

const SCREENS = [
  { name: 'phone', viewport: { width: 375, height: 740 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** The focused element's name attribute, or its tag if it has none. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.name || active?.tagName.toLowerCase() || null;
  });

for (const screen of SCREENS) {
  test.describe(`a form's answer on a ${screen.name} (${screen.viewport.width} px)`, () => {
    test.use({ viewport: screen.viewport });

    test('a consultation request with the new fields arrives stored with them; the thanks is in view, announced, and offers WhatsApp', async ({
      page,
    }) => {
      const form = await openForm(page, '/practice-area/employment-law', '.practice-body__form');
      const email = uniqueEmail(`consultation-${screen.name}`);
      await control(form, 'name').fill('Achieng Otieno');
      await control(form, 'email').fill(email);
      await form.getByLabel(/Phone Number/).fill('0722 514 380');
      await form.getByLabel(/Preferred way to be contacted/).selectOption({ label: 'WhatsApp' });
      await form.getByLabel(/Where to meet/).selectOption({ label: 'Kakamega office' });
      const times = form.getByRole('group', { name: /Preferred times/ });
      await times.getByLabel('Weekday afternoons').check();
      await times.getByLabel('Saturday mornings').check();

      const sent = page.waitForRequest(`**${CONSULTATION_ENDPOINT}`);
      await form.getByRole('button', { name: 'Send Request' }).click();
      expect((await sent).postDataJSON()).toMatchObject({
        form_data: {
          phone: '+254722514380',
          contact_method: 'whatsapp',
          meeting_place: 'kakamega',
          preferred_times: ['weekday-afternoons', 'saturday-mornings'],
        },
      });

      const status = form.getByRole('status');
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await expect(status).toHaveText(successMessages.consultation, { timeout: 20_000 });
      await expect(status.locator('.form-notice')).toBeInViewport();
      await expectWhatsApp(form.locator('.form-after-success'));

      const record = await findStoredRecord('consultation', (stored) => stored.fields.email === email);
      expect(record.fields).toMatchObject({
        name: 'Achieng Otieno',
        phone: '+254722514380',
        contact_method: 'whatsapp',
        meeting_place: 'kakamega',
        preferred_times: ['weekday-afternoons', 'saturday-mornings'],
      });
    });

    test('after "Send Message" the thanks is brought into view and announced, and focus stays in the field', async ({
      page,
    }) => {
      const form = await openForm(page, '/contact-us', '.contact-form-card');
      await control(form, 'name').fill('Wanjiru Kamau');
      await control(form, 'email').fill(uniqueEmail(`contact-${screen.name}`));
      await control(form, 'phone').fill('0722514380');
      await control(form, 'msg').fill('I would like advice on a lease.');
      await control(form, 'interest').fill('Lease');
      // Enter in a field sends the form; the visitor is still in that field.
      await control(form, 'interest').press('Enter');

      const status = form.getByRole('status');
      await expect(status).toHaveText(successMessages.contact, { timeout: 20_000 });
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await expect(status.locator('.form-notice')).toBeInViewport();
      expect(await focusedName(page)).toBe('interest');
    });

    test('when sending fails, the notice is brought into view and announced, and focus stays in the field', async ({
      page,
    }) => {
      await page.route(`**${CONTACT_ENDPOINT}`, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Try later."}' }),
      );
      const form = await openForm(page, '/contact-us', '.contact-form-card');
      await control(form, 'name').fill('Otieno Odhiambo');
      await control(form, 'email').fill(uniqueEmail(`contact-failure-${screen.name}`));
      await control(form, 'phone').fill('0722514380');
      await control(form, 'interest').fill('Employment');
      await control(form, 'msg').fill('My employer has not paid my dues.');
      await control(form, 'msg').focus();
      // Sent while the visitor is still in the message (as a keyboard shortcut or an assistive tool would).
      await form.evaluate((element: HTMLFormElement) => element.requestSubmit());

      const alert = form.getByRole('alert');
      await expect(alert).toContainText('Your message was not sent. Try later.');
      await expect(alert).toHaveAttribute('aria-live', 'assertive');
      await expect(alert.locator('.form-notice')).toBeInViewport();
      expect(await focusedName(page)).toBe('msg');
    });
  });
}
