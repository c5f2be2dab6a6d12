// Documents from strangers, on a phone, through the real function: a CV built
// to stall the rebuild is answered within the function's bound and leaves the
// site free for the next visitor; a CV with macros, and the old .doc format, are
// refused with a message that names the document and says what to send instead.
import { expect, test, type Page } from '@playwright/test';
import { APPLICATION_ENDPOINT, fileMessages } from '../../src/forms/application/application.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { stallingPdfs } from '../../scripts/lib/hostile-documents.ts';
import { validContact } from '../../scripts/lib/sample-requests.ts';
import { docxWithMacroProject } from '../support/documents-with-code.ts';
import { cfbBytes } from '../support/files.ts';
import { documents, fillApplication, openApplication, type ChosenDocument } from './support/application.ts';
import { control, uniqueEmail } from './support/forms.ts';
import { hasStoredRecord } from './support/stored-submissions.ts';

/**
 * The function's bound (8 s, documents/rebuild/isolated.ts) and what the local
 * server adds when other tests' calls queue before ours (it serves function calls
 * one at a time and builds the function for each).
 */
const ANSWERED_WITHIN_MS = 12_000;

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** Fills in the application with `cv` and presses Submit; the answer, and how long it took. */
async function sendCv(page: Page, cv: ChosenDocument, email: string) {
  const form = await openApplication(page);
  await fillApplication(form, email, documents({ cv_file: cv }));
  const answered = page.waitForResponse(`**${APPLICATION_ENDPOINT}`, { timeout: 60_000 });
  const started = Date.now();
  await form.locator('button[type="submit"]').click();
  const response = await answered;
  return { response, ms: Date.now() - started, form };
}

test('a 2 MiB CV built to stall the rebuild is refused within the bound as too slow, and a contact message is answered at once after it', async ({
  page,
  request,
}) => {
  // Two journeys in one test (an application filled in on a phone, then a second call), each allowed its own bound.
  test.setTimeout(60_000);
  const email = uniqueEmail('stalling-cv');
  const cv = { name: 'cv.pdf', mimeType: 'application/pdf', buffer: stallingPdfs()['object streams without an end']! };
  const { response, ms } = await sendCv(page, cv, email);
  expect(response.status()).toBe(415);
  expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
  await expect(page.locator('#apply .application > [role="alert"]')).toHaveText(
    fileMessages.tooSlow('cv_file', 'cv.pdf'),
  );
  expect(await hasStoredRecord('application', (stored) => stored.fields.email === email)).toBe(false);

  const started = Date.now();
  const contact = await request.post(CONTACT_ENDPOINT, {
    data: { form_data: { ...validContact(), email: uniqueEmail('after-stalling-cv') } },
  });
  expect(contact.status()).toBe(200);
  expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
});

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
