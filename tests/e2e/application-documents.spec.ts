// Documents from strangers, on a phone, through the real function: a CV with
// macros, and the old .doc format, are refused with a message that names the
// document and says what to send instead. That a file built to stall is answered
// within the function's bound, and the next visitor at once, is shown through the
// same server without a browser (tests/integration/application-documents.test.ts).
import { expect, test, type Page } from '@playwright/test';
import { APPLICATION_ENDPOINT, fileMessages } from '../../src/forms/application/application.ts';
import { docxWithMacroProject } from '../support/documents-with-code.ts';
import { cfbBytes } from '../support/files.ts';
import { documents, fillApplication, openApplication, type ChosenDocument } from './support/application.ts';
import { control, uniqueEmail } from './support/forms.ts';
import { hasStoredRecord } from './support/stored-submissions.ts';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** Fills in the application with `cv` and presses Submit; the answer and the form. */
async function sendCv(page: Page, cv: ChosenDocument, email: string) {
  const form = await openApplication(page);
  await fillApplication(form, email, documents({ cv_file: cv }));
  const answered = page.waitForResponse(`**${APPLICATION_ENDPOINT}`, { timeout: 60_000 });
  await form.locator('button[type="submit"]').click();
  return { response: await answered, form };
}

test('a .docx CV with a macro project is refused, saying so and to save it as PDF', async ({ page }) => {
  const email = uniqueEmail('docx-macros');
  const cv = {
    name: 'cv.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docxWithMacroProject(),
  };
  const { response } = await sendCv(page, cv, email);
  expect(response.status()).toBe(415);
  await expect(page.locator('#apply .application > [role="alert"]')).toHaveText(
    fileMessages.activeContent('cv_file', 'cv.docx'),
  );
  expect(await hasStoredRecord('application', (stored) => stored.fields.email === email)).toBe(false);
});

test('the CV field offers PDF and .docx only, and a Word 97–2003 .doc is refused with how to save it as .docx or PDF', async ({
  page,
}) => {
  const email = uniqueEmail('doc-cv');
  const { response, form } = await sendCv(
    page,
    { name: 'cv.doc', mimeType: 'application/msword', buffer: cfbBytes() },
    email,
  );
  await expect(control(form, 'cv_file')).toHaveAttribute(
    'accept',
    '.pdf,application/pdf,.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  expect(response.status()).toBe(415);
  await expect(page.locator('#apply .application > [role="alert"]')).toHaveText(
    fileMessages.olderOfficeFormat('cv_file', 'cv.doc'),
  );
});
