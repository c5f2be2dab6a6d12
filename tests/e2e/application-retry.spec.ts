// An applicant on a flaky connection: the application reached the server and
// was stored, but the answer never came back, so they press Submit again.
import { expect, test } from '@playwright/test';
import { APPLICATION_ENDPOINT } from '../../src/lib/application-request.ts';
import { documents, fillApplication, openApplication } from './support/application.ts';
import { uniqueEmail } from './support/forms.ts';
import { findStoredRecord } from './support/stored-submissions.ts';

test('an application sent again after its answer was lost is stored once, and the second try shows success', async ({ page }) => {
  const form = await openApplication(page);
  const email = uniqueEmail('retried-application');
  await fillApplication(form, email, documents());

  const keys: string[] = [];
  await page.route(`**${APPLICATION_ENDPOINT}`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    // The request reaches the real function, which stores it...
    const response = await route.fetch();
    // ...and on the first try its answer is lost on the way back.
    if (keys.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });

  const submit = form.locator('button[type="submit"]');
  await submit.click();
  await expect(page.locator('#apply [role="alert"]')).toContainText('the connection was interrupted', { timeout: 20_000 });
  await findStoredRecord('application', (record) => record.fields.email === email, { timeout: 10_000 });

  await submit.click();
  await expect(page.locator('#apply').getByRole('heading', { name: 'Application Successful' })).toBeVisible({ timeout: 20_000 });
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{16,}$/);
  expect(keys[1]).toBe(keys[0]);
  // Exactly one record carries this applicant's address (findStoredRecord fails on two).
  const record = await findStoredRecord('application', (stored) => stored.fields.email === email);
  expect(record.files).toHaveLength(4);
});
