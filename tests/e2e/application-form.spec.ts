// The pupillage application form in a real browser, against the production
// build and the real functions (scripts/serve.ts): its sections and labels, what
// an empty submit shows, the parts it uploads and the rebuilt copies the firm
// stores, the server's refusal, and files over the limit refused in the browser.
import { expect, test } from '@playwright/test';
import {
  APPLICATION_ENDPOINT,
  applicationDeclaration,
  applicationFileFields,
  applicationMessages,
  fileMessages,
  MAX_FILE_BYTES,
} from '../../src/forms/application/application.ts';
import { pdfOfSize } from '../../scripts/lib/sample-documents.ts';
import { validApplicationData } from '../../scripts/lib/sample-requests.ts';
import { successMessages } from '../../src/server/handlers.ts';
import { exeBytes } from '../support/files.ts';
import { SPEC_APPLICATION_DATA_KEYS, SPEC_REQUIRED_APPLICATION_FIELDS } from '../support/requests.ts';
import { documents, fillApplication, openApplication } from './support/application.ts';
import { rebuiltCopy } from '../support/rebuilt-documents.ts';
import {
  control,
  expectFieldMessage,
  expectNoFieldMessage,
  holdRequest,
  sha256,
  uniqueEmail,
} from './support/forms.ts';
import { parseMultipartBody } from './support/multipart.ts';
import { findStoredRecord, hasStoredRecord, readStoredBlob } from './support/stored-submissions.ts';

/** The application's endpoint on whatever host serves the page. */
const APPLICATION_ROUTE = `**${APPLICATION_ENDPOINT}`;

test.describe('pupillage application', () => {
  const requiredFields = SPEC_REQUIRED_APPLICATION_FIELDS;

  test('the form is in titled sections, notes that * marks required fields, and labels every field', async ({
    page,
  }) => {
    const form = await openApplication(page);
    await expect(page.getByRole('heading', { name: 'Apply for This Role' })).toBeVisible();
    await expect(form).toContainText('Fields marked * are required.');
    for (const legend of [
      'Personal Information',
      'Kenya School of Law Enrollment',
      'LLB Degree',
      'KCSE Results',
      'Additional Information',
      'Resume',
    ]) {
      await expect(form.getByRole('group', { name: legend })).toBeVisible();
    }
    await expect(form.getByLabel('Country of Residence')).toHaveAttribute('name', 'country');
    await expect(form.getByLabel('ID/Passport No.')).toHaveAttribute('name', 'identification');
    await expect(form.getByLabel('English Grade')).toHaveAttribute('name', 'english');
    await expect(form.getByLabel(applicationDeclaration)).toHaveAttribute('name', 'confirmation');
    await expect(control(form, 'email')).toHaveAttribute('type', 'email');
    await expect(control(form, 'phone')).toHaveAttribute('type', 'number');
    await expect(control(form, 'dob')).toHaveAttribute('type', 'date');
    await expect(control(form, 'work_location').locator('option')).toHaveText([
      'Select a work station',
      'Nairobi',
      'Kakamega',
    ]);
    await expect(control(form, 'work_location')).toHaveValue('');
    await expect(control(form, 'ksl_file')).toHaveAttribute('accept', /\.pdf/);
    await expect(control(form, 'honey')).toHaveAttribute('tabindex', '-1');
    // Every control but the honeypot has a visible label.
    const names = await form
      .locator('input, select, textarea')
      .evaluateAll((elements) =>
        elements.map((element) => (element as HTMLInputElement).name).filter((name) => name !== 'honey'),
      );
    // The spec's 21 fields and the privacy notice box, less the honeypot.
    expect(names).toHaveLength(22 - 1);
    for (const name of names) {
      const id = await control(form, name).getAttribute('id');
      await expect(form.locator(`label[for="${id}"]`)).toBeVisible();
    }
  });

  test('an empty submit shows “This input is required” under 17 fields, “Please check this box”, and asks for the privacy notice', async ({
    page,
  }) => {
    const form = await openApplication(page);
    await form.getByRole('button', { name: 'Submit' }).click();
    for (const name of requiredFields) await expectFieldMessage(form, name, applicationMessages.required);
    await expectFieldMessage(form, 'confirmation', applicationMessages.confirmation);
    await expectFieldMessage(form, 'privacy_consent', applicationMessages.privacyConsent);
    await expect(form.locator('.form-field__error')).toHaveCount(19);
    for (const name of ['equivalent_education', 'relevant_experience']) await expectNoFieldMessage(form, name);
    await expect(control(form, 'fullname')).toBeFocused();
  });

  test('an application is uploaded in the spec’s parts, stored as rebuilt copies, and the success screen replaces the form', async ({
    page,
  }) => {
    // A desktop screen tall enough that the spec's 400 px shows the success screen: there the page stays.
    await page.setViewportSize({ width: 1280, height: 1500 });
    const form = await openApplication(page);
    const email = uniqueEmail('application');
    const files = documents();
    await fillApplication(form, email, files);

    const held = await holdRequest(page, APPLICATION_ROUTE);
    const button = form.locator('button[type="submit"]');
    await button.click();
    await expect(button).toHaveText('Submitting');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(form.locator('progress')).toBeVisible();
    await expect(form.locator('.upload-progress')).toContainText('%');

    const request = await held.arrived;
    const parts = parseMultipartBody((await request.allHeaders())['content-type']!, request.postDataBuffer()!);
    expect(parts.map((part) => part.name)).toEqual([
      'data',
      'uploaded_files',
      'uploaded_files',
      'uploaded_files',
      'uploaded_files',
    ]);
    expect(parts[0]!.filename).toBeNull();
    expect(parts.slice(1).map((part) => part.filename)).toEqual([
      'cv.docx',
      'kcse.png',
      'ksl-admission.pdf',
      'llb.jpg',
    ]);
    parts
      .slice(1)
      .forEach((part, i) => expect(sha256(part.body)).toBe(sha256(files[applicationFileFields[i]!].buffer)));
    const data = JSON.parse(parts[0]!.body.toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual([...SPEC_APPLICATION_DATA_KEYS]);
    expect(data).toMatchObject({
      ...validApplicationData(),
      email,
      phone: '254722000222',
      cv_file: 'cv.docx',
      kcse_file: 'kcse.png',
      ksl_file: 'ksl-admission.pdf',
      llb_degree_file: 'llb.jpg',
    });
    held.release();

    const apply = page.locator('#apply');
    // The local server builds the function for every call, which takes seconds on a busy machine.
    await expect(apply.getByRole('heading', { name: 'Application Successful' })).toBeVisible({ timeout: 20_000 });
    await expect(
      apply.getByText('Thank you for applying for this position. We will review and get back you.', { exact: true }),
    ).toBeVisible();
    await expect(apply.getByRole('link', { name: 'Back to Careers' })).toHaveAttribute('href', '/careers');
    await expect(apply.locator('.application-success img')).toHaveJSProperty('complete', true);
    await expect(apply.locator('form')).toHaveCount(0);
    const scroll = await page.evaluate(() => ({
      y: window.scrollY,
      max: document.documentElement.scrollHeight - window.innerHeight,
    }));
    expect(scroll.max, 'the page is long enough to scroll to 400 px').toBeGreaterThanOrEqual(400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    // There the success screen shows, and its heading has the focus that announces it.
    await expect(apply.getByRole('heading', { name: 'Application Successful' })).toBeInViewport({ ratio: 1 });
    await expect(apply.getByRole('heading', { name: 'Application Successful' })).toBeFocused();

    const record = await findStoredRecord('application', (stored) => stored.fields.email === email);
    expect(record.fields).toMatchObject({
      fullname: validApplicationData().fullname,
      work_location: 'Kakamega',
      dob: '2000-02-29',
    });
    expect(record.files.map((file) => file.field)).toEqual([...applicationFileFields]);
    for (const file of record.files) {
      const copy = await rebuiltCopy({ name: files[file.field].name, bytes: files[file.field].buffer });
      expect(file.sha256).toBe(sha256(copy));
      expect(sha256(await readStoredBlob(file.key)), `${file.field} is stored as its rebuilt copy`).toBe(sha256(copy));
    }
  });

  test('the server’s refusal is shown under the form, which keeps everything entered', async ({ page }) => {
    const form = await openApplication(page);
    const email = uniqueEmail('application-refused');
    await fillApplication(
      form,
      email,
      documents({ cv_file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: exeBytes() } }),
    );
    const answered = page.waitForResponse(APPLICATION_ROUTE);
    await form.locator('button[type="submit"]').click();
    expect((await answered).status()).toBe(415);

    const alert = page.locator('#apply .application > [role="alert"]');
    await expect(alert).toHaveText(fileMessages.wrongType('cv_file', 'cv.pdf'));
    const formBox = (await form.boundingBox())!;
    expect((await alert.boundingBox())!.y).toBeGreaterThanOrEqual(formBox.y + formBox.height - 1);
    await expect(form.locator('button[type="submit"]')).toHaveText('Submit');
    await expect(form.locator('button[type="submit"]')).not.toHaveAttribute('aria-busy', /.*/);
    await expect(control(form, 'fullname')).toHaveValue(validApplicationData().fullname);
    await expect(control(form, 'email')).toHaveValue(email);
    await expect(control(form, 'work_location')).toHaveValue('Kakamega');
    await expect(control(form, 'confirmation')).toBeChecked();
    for (const field of applicationFileFields) {
      expect(await control(form, field).evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);
    }
    expect(await hasStoredRecord('application', (stored) => stored.fields.email === email)).toBe(false);
  });

  test('a file over the size limit is refused in the browser, naming it, the limit and the fix, before anything is sent', async ({
    page,
  }) => {
    const form = await openApplication(page);
    const email = uniqueEmail('application-large');
    const large = { name: 'ksl-scan.pdf', mimeType: 'application/pdf', buffer: pdfOfSize(MAX_FILE_BYTES + 1) };
    let sent = 0;
    page.on('request', (request) => request.url().includes('/api/') && sent++);
    await fillApplication(form, email, documents({ ksl_file: large }));
    const message = fileMessages.tooLarge('ksl_file', 'ksl-scan.pdf', MAX_FILE_BYTES + 1);
    expect(message).toContain('ksl-scan.pdf');
    expect(message).toContain('2 MB');
    expect(message).toContain('Scan it again at 150–200 dpi, or photograph the page instead.');
    // Reported as soon as the file is chosen …
    await expectFieldMessage(form, 'ksl_file', message);
    // … and again on submit, with focus on it.
    await form.locator('button[type="submit"]').click();
    await expectFieldMessage(form, 'ksl_file', message);
    await expect(control(form, 'ksl_file')).toBeFocused();
    await expect(form.locator('.form-field__error')).toHaveCount(1);
    expect(sent).toBe(0);
  });
});

for (const screen of [
  { width: 375, height: 740, isMobile: true, hasTouch: true },
  { width: 1280, height: 800, isMobile: false, hasTouch: false },
]) {
  test.describe(`pupillage application at ${screen.width} px`, () => {
    test.use({
      viewport: { width: screen.width, height: screen.height },
      isMobile: screen.isMobile,
      hasTouch: screen.hasTouch,
    });

    test('a sent application brings its success message into view, below the header, with its heading focused', async ({
      page,
    }) => {
      const form = await openApplication(page);
      await fillApplication(form, uniqueEmail('application-phone'), documents());
      // Where the answer lands is the point here: the server's success answer, as the function storing an
      // application gives it above ("an application is uploaded … stored as rebuilt copies").
      await page.route(APPLICATION_ROUTE, (route) =>
        route.fulfill({ status: 200, json: { message: successMessages.application } }),
      );
      await form.locator('button[type="submit"]').click();

      const apply = page.locator('#apply');
      const heading = apply.getByRole('heading', { name: 'Application Successful' });
      await expect(heading).toBeFocused();
      const message = apply.getByText('Thank you for applying for this position.');
      await expect(heading).toBeInViewport({ ratio: 1 });
      await expect(message).toBeInViewport({ ratio: 1 });
      const header = (await page.locator('.site-header').boundingBox())!;
      expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    });
  });
}
