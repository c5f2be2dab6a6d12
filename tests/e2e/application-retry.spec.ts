// An applicant on a flaky connection: the application reached the server and
// was stored, but the answer never came back, so they press Submit again.
import { expect, test, type Page } from '@playwright/test';
import { APPLICATION_ENDPOINT } from '../../src/forms/application/application.ts';
import { pdfBytes } from '../../scripts/lib/sample-documents.ts';
import { documents, fillApplication, openApplication } from './support/application.ts';
import { rebuiltCopy } from '../support/rebuilt-documents.ts';
import { control, sha256, uniqueEmail } from './support/forms.ts';
import { findStoredRecord } from './support/stored-submissions.ts';

/** Lets every application through to the real function, which stores it, but loses the first answer on the way back. */
async function loseFirstAnswer(page: Page): Promise<string[]> {
  const keys: string[] = [];
  await page.route(`**${APPLICATION_ENDPOINT}`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const response = await route.fetch();
    if (keys.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  return keys;
}

test('an application sent again after its answer was lost is stored once, and the second try shows success', async ({
  page,
}) => {
  const form = await openApplication(page);
  const email = uniqueEmail('retried-application');
  await fillApplication(form, email, documents());
  const keys = await loseFirstAnswer(page);

  const submit = form.locator('button[type="submit"]');
  await submit.click();
  await expect(page.locator('#apply [role="alert"]')).toContainText('the connection was interrupted', {
    timeout: 20_000,
  });
  await findStoredRecord('application', (record) => record.fields.email === email, { timeout: 10_000 });

  await submit.click();
  await expect(page.locator('#apply').getByRole('heading', { name: 'Application Successful' })).toBeVisible({
    timeout: 20_000,
  });
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{16,}$/);
  expect(keys[1]).toBe(keys[0]);
  // Exactly one record carries this applicant's address (findStoredRecord fails on two).
  const record = await findStoredRecord('application', (stored) => stored.fields.email === email);
  expect(record.files).toHaveLength(4);
});

test('an application sent again with a document swapped after its answer was lost is refused, and the first stays stored', async ({
  page,
}) => {
  const form = await openApplication(page);
  const email = uniqueEmail('swapped-document');
  const first = documents();
  await fillApplication(form, email, first);
  const keys = await loseFirstAnswer(page);

  const submit = form.locator('button[type="submit"]');
  await submit.click();
  const problem = page.locator('#apply [role="alert"]');
  await expect(problem).toContainText('the connection was interrupted', { timeout: 20_000 });
  await findStoredRecord('application', (record) => record.fields.email === email, { timeout: 10_000 });

  const corrected = documents({
    ksl_file: { name: 'ksl-admission.pdf', mimeType: 'application/pdf', buffer: pdfBytes('corrected ksl') },
  });
  await control(form, 'ksl_file').setInputFiles(corrected.ksl_file);
  await submit.click();
  await expect(problem).toContainText(
    'We have already received your application from this form. If you want to send a corrected one, please reload the page and apply again.',
    { timeout: 20_000 },
  );
  await expect(page.locator('#apply').getByRole('heading', { name: 'Application Successful' })).toHaveCount(0);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const record = await findStoredRecord('application', (stored) => stored.fields.email === email);
  const ksl = record.files.find((file) => file.field === 'ksl_file');
  const copyOf = (file: { name: string; buffer: Buffer }) => rebuiltCopy({ name: file.name, bytes: file.buffer });
  expect(ksl?.sha256).toBe(sha256(await copyOf(first.ksl_file)));
  expect(ksl?.sha256).not.toBe(sha256(await copyOf(corrected.ksl_file)));
});
