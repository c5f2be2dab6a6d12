// The contact and consultation forms in a real browser, against the production
// build and the real functions (scripts/serve.ts): what a person sees when they
// leave fields empty, what is sent, what the firm stores, and what happens when
// sending fails. The application form: application-form.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { CONSULTATION_ENDPOINT, consultationMessages } from '../../src/forms/consultation/consultation.ts';
import { CONTACT_ENDPOINT, contactMessages } from '../../src/forms/contact/contact.ts';
import { phoneDigitsOnly } from '../../src/forms/shared/fields.ts';
import { successMessages } from '../../src/server/handlers.ts';
import { site } from '../../src/site.config.ts';
import {
  control,
  expectFieldMessage,
  expectNoFieldMessage,
  expectSentStateEnds,
  holdRequest,
  openForm,
  pauseClock,
  uniqueEmail,
} from './support/forms.ts';
import { findStoredRecord, hasStoredRecord } from './support/stored-submissions.ts';

/** Each form's endpoint on whatever host serves the page. */
const CONTACT_ROUTE = `**${CONTACT_ENDPOINT}`;
const CONSULTATION_ROUTE = `**${CONSULTATION_ENDPOINT}`;

test.describe('contact form', () => {
  const openContact = (page: Page) => openForm(page, '/contact-us', '.contact-form-card');

  test('every field has a visible label, and the honeypot is hidden from people and screen readers', async ({
    page,
  }) => {
    const form = await openContact(page);
    for (const [name, label] of [
      ['name', 'Name'],
      ['email', 'Email'],
      ['phone', 'Phone Number'],
      ['interest', 'Subject'],
      ['msg', 'Message'],
    ] as const) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('name', name);
      await expect(form.locator('label', { hasText: label }).first()).toBeVisible();
    }
    await expect(control(form, 'email')).toHaveAttribute('type', 'email');
    await expect(control(form, 'phone')).toHaveAttribute('type', 'number');
    await expect(form.locator('textarea[name="msg"]')).toBeVisible();
    const honey = control(form, 'honey');
    await expect(honey).toHaveAttribute('tabindex', '-1');
    await expect(honey).toHaveAttribute('autocomplete', 'off');
    await expect(honey).not.toBeInViewport();
    await expect(form.getByRole('textbox', { name: /leave this field empty/i })).toHaveCount(0);
    await expect(form).toHaveAttribute('novalidate', '');
  });

  test('an empty submit shows the spec’s messages below each field and focuses the first', async ({ page }) => {
    const form = await openContact(page);
    let sent = 0;
    page.on('request', (request) => request.url().includes('/api/') && sent++);
    await form.getByRole('button', { name: 'Send Message' }).click();
    for (const [name, message] of Object.entries(contactMessages)) await expectFieldMessage(form, name, message);
    await expect(control(form, 'name')).toBeFocused();
    expect(sent).toBe(0);

    // A corrected field loses its message as the person types.
    await control(form, 'name').fill('Wanjiru Kamau');
    await expectNoFieldMessage(form, 'name');
    await expectFieldMessage(form, 'email', contactMessages.email);
  });

  test('a message is sent, stored, acknowledged and the button cycles back after 5 s', async ({ page }) => {
    await page.clock.install();
    const form = await openContact(page);
    const email = uniqueEmail('contact');
    await control(form, 'name').fill('Wanjiru Kamau');
    await control(form, 'email').fill(email);
    await control(form, 'phone').fill('0722514380');
    await control(form, 'interest').fill('Estate planning');
    await control(form, 'msg').fill('I would like advice on writing a will for my family.');

    const held = await holdRequest(page, CONTACT_ROUTE);
    const button = form.locator('button[type="submit"]');
    await pauseClock(page);
    await button.click();
    await expect(button).toHaveText('Sending...');
    expect((await held.arrived).postDataJSON()).toEqual({
      form_data: {
        name: 'Wanjiru Kamau',
        email,
        honey: '',
        phone: '0722514380',
        interest: 'Estate planning',
        msg: 'I would like advice on writing a will for my family.',
      },
    });
    held.release();

    await expect(button).toHaveText('Sent');
    const status = form.getByRole('status');
    await expect(status).toHaveText(successMessages.contact);
    for (const name of ['name', 'email', 'phone', 'interest', 'msg']) await expect(control(form, name)).toHaveValue('');

    const record = await findStoredRecord('contact', (stored) => stored.fields.email === email);
    expect(record.fields).toEqual({
      name: 'Wanjiru Kamau',
      email,
      phone: '0722514380',
      interest: 'Estate planning',
      msg: 'I would like advice on writing a will for my family.',
    });

    await expectSentStateEnds(page, button, 'Send Message');
    await expect(status).toBeEmpty();
  });

  test('when sending fails, what was typed stays and the firm’s phone and e-mail are offered', async ({ page }) => {
    await page.clock.install();
    const form = await openContact(page);
    const email = uniqueEmail('contact-failure');
    await page.route(CONTACT_ROUTE, (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }),
    );
    await control(form, 'name').fill('Otieno Odhiambo');
    await control(form, 'email').fill(email);
    await control(form, 'phone').fill('254722514380');
    await control(form, 'interest').fill('Employment contract');
    await control(form, 'msg').fill('My employer has not paid my dues.');
    const button = form.locator('button[type="submit"]');
    await pauseClock(page);
    await button.click();

    await expect(button).toHaveText('Sent');
    const alert = form.getByRole('alert');
    await expect(alert).toContainText('Your message was not sent.');
    await expect(alert.getByRole('link', { name: site.phones.local })).toHaveAttribute('href', /^tel:\+254/);
    await expect(alert.getByRole('link', { name: site.email.general })).toHaveAttribute(
      'href',
      `mailto:${site.email.general}`,
    );
    await expect(form.getByRole('status')).toBeEmpty();
    await expect(control(form, 'name')).toHaveValue('Otieno Odhiambo');
    await expect(control(form, 'email')).toHaveValue(email);
    await expect(control(form, 'phone')).toHaveValue('254722514380');
    await expect(control(form, 'msg')).toHaveValue('My employer has not paid my dues.');

    await expectSentStateEnds(page, button, 'Send Message');
    // The notice stays until the next attempt, so there is time to note the number.
    await expect(alert).toContainText('Your message was not sent.');
    expect(await hasStoredRecord('contact', (stored) => stored.fields.email === email)).toBe(false);
  });

  test('a network failure is treated the same way', async ({ page }) => {
    const form = await openContact(page);
    await page.route(CONTACT_ROUTE, (route) => route.abort('internetdisconnected'));
    await control(form, 'name').fill('Amina Hassan');
    await control(form, 'email').fill(uniqueEmail('contact-offline'));
    await control(form, 'phone').fill('0722000111');
    await control(form, 'interest').fill('Immigration');
    await control(form, 'msg').fill('I need a work permit.');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('button[type="submit"]')).toHaveText('Sent');
    await expect(form.getByRole('alert')).toContainText('Your message was not sent.');
    await expect(control(form, 'name')).toHaveValue('Amina Hassan');
  });

  test('a phone number the number input cannot read is explained rather than called missing', async ({ page }) => {
    const form = await openContact(page);
    // Chrome drops a typed + and spaces, but a hyphen leaves the input unreadable (badInput, value '').
    await control(form, 'phone').pressSequentially('0722-514-380');
    await form.locator('button[type="submit"]').click();
    await expectFieldMessage(form, 'phone', phoneDigitsOnly);

    await control(form, 'phone').fill('');
    await control(form, 'phone').pressSequentially('+254 722 514 380');
    await expectNoFieldMessage(form, 'phone');
    await expect(control(form, 'phone')).toHaveValue('254722514380');
  });
});

test.describe('consultation request', () => {
  const path = '/practice-area/employment-law';
  const openConsultation = (page: Page) => openForm(page, path, '.practice-body__form');

  test('an empty submit asks for name and e-mail below the fields; information is optional', async ({ page }) => {
    const form = await openConsultation(page);
    await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('name', 'name');
    await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await expect(form.getByLabel(/Additional Information/)).toHaveAttribute('name', 'info');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expectFieldMessage(form, 'name', consultationMessages.name);
    await expectFieldMessage(form, 'email', consultationMessages.email);
    await expectNoFieldMessage(form, 'info');
    await expect(control(form, 'name')).toBeFocused();
  });

  test('a request is sent with the practice area’s title, stored, and the button cycles', async ({ page }) => {
    await page.clock.install();
    const form = await openConsultation(page);
    const practice = (await page.locator('.breadcrumb [aria-current="page"]').textContent())!.trim();
    const email = uniqueEmail('consultation');
    await control(form, 'name').fill('Otieno Odhiambo');
    await control(form, 'email').fill(email);
    await control(form, 'info').fill('Our staff handbook needs review.');

    const held = await holdRequest(page, CONSULTATION_ROUTE);
    const button = form.locator('button[type="submit"]');
    await pauseClock(page);
    await button.click();
    await expect(button).toHaveText('Sending Request...');
    expect((await held.arrived).postDataJSON()).toEqual({
      form_data: { practice, name: 'Otieno Odhiambo', email, info: 'Our staff handbook needs review.', honey: '' },
    });
    held.release();

    await expect(button).toHaveText('Request Sent');
    await expect(form.getByRole('status')).toHaveText(successMessages.consultation);
    await expect(control(form, 'email')).toHaveValue('');
    const record = await findStoredRecord('consultation', (stored) => stored.fields.email === email);
    expect(record.fields).toEqual({
      practice,
      name: 'Otieno Odhiambo',
      email,
      info: 'Our staff handbook needs review.',
    });

    await expectSentStateEnds(page, button, 'Send Request');
    await expect(form.getByRole('status')).toBeEmpty();
  });
});
