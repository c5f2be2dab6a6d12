// The desk's inbox in a browser: a contact message sent through the site
// appears, is found by its e-mail, keeps its status, assignee and note across a
// reload, and shows a visitor's markup as text without running it.
import { expect, test } from '@playwright/test';
import { validContact } from '../../scripts/lib/sample-requests.ts';
import { openRecordOf, signInNewPerson, staffAddress } from './support/staff.ts';

for (const width of [375, 1280]) {
  test.describe(`the inbox at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a contact message is found by its e-mail, answered, taken on and noted, all surviving a reload, its markup shown as text', async ({
      page,
      request,
      baseURL,
    }) => {
      const email = staffAddress('visitor');
      const markup = '<img src=x onerror="window.ranScript=1"><script>window.ranScript=1</script>';
      const sent = await request.post('/api/v1/client/contactform', {
        headers: { origin: baseURL! },
        data: { form_data: { ...validContact(), email, msg: `Please call me. ${markup}` } },
      });
      expect(sent.status()).toBe(200);

      const partner = await signInNewPerson(page);
      await openRecordOf(page, email);
      await expect(page.getByText(`Please call me. ${markup}`)).toBeVisible();
      expect(await page.evaluate(() => (window as { ranScript?: number }).ranScript)).toBeUndefined();

      await page.getByLabel('Status', { exact: true }).selectOption('answered');
      await expect(page.getByText('Status saved.')).toBeVisible();
      await page.getByRole('button', { name: 'Assign to me' }).click();
      await expect(page.getByText(`Assigned to: ${partner}`)).toBeVisible();
      await page.getByLabel('Note', { exact: true }).fill('Called back; meeting on Tuesday.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect(page.getByText('Called back; meeting on Tuesday.')).toBeVisible();

      await page.reload();
      await openRecordOf(page, email);
      await expect(page.getByLabel('Status', { exact: true })).toHaveValue('answered');
      await expect(page.getByText('Called back; meeting on Tuesday.')).toBeVisible();
      await expect(page.getByText(`Assigned to: ${partner}`)).toBeVisible();
    });
  });
}
