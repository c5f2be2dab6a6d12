// The staff desk (/staff/), through `npm start`'s server in Chromium with its
// virtual authenticator: an invitation registers a passkey only when its button
// is pressed, the person is then signed in, can sign out and in again, and the
// same invitation a second time is refused; the partners' Audit, Alerts and
// People open; at a phone's width and a desktop's, with no serious
// accessibility violation on the way.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { inviteWithTool, staffAddress, virtualAuthenticator } from './support/staff.ts';

for (const width of [375, 1280]) {
  test.describe(`the staff desk at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a partner invited by the tool creates a passkey, signs out and in with it, and the invitation works once', async ({
      page,
    }) => {
      const email = staffAddress('partner');
      const link = await inviteWithTool(email, 'partner');
      expect(new URL(link).hostname).toBe('localhost');
      await virtualAuthenticator(page);

      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'You are invited to the staff desk' })).toBeVisible();
      expect(await seriousViolations(page), 'the invitation').toEqual([]);
      const register = page.getByRole('button', { name: 'Create a passkey' });
      await register.click();
      await expect(page).toHaveURL(/\/staff\/$/);
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
      await expect(page.getByRole('link', { name: 'People' })).toBeVisible();
      await expect(page.getByText(/\d+ records?/)).toBeVisible();
      expect(await seriousViolations(page), 'the inbox').toEqual([]);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      expect(await seriousViolations(page), 'the sign-in').toEqual([]);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

      // The partners' sections, each as it opens.
      await page.getByRole('link', { name: 'Audit' }).click();
      await expect(
        page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'sign-in' }).first(),
      ).toBeVisible();
      expect(await seriousViolations(page), 'the audit').toEqual([]);
      await page.getByRole('link', { name: 'Alerts' }).click();
      await expect(page.getByRole('heading', { name: 'Subscribers by category' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Recipients' })).toBeVisible();
      expect(await seriousViolations(page), 'the alerts').toEqual([]);
      await page.getByRole('link', { name: 'People' }).click();
      await expect(page.getByText(email).first()).toBeVisible();
      expect(await seriousViolations(page), 'the people').toEqual([]);

      await page.goto(link);
      await page.getByRole('button', { name: 'Create a passkey' }).click();
      await expect(page.getByText(/cannot be used: it has been used already or has expired/)).toBeVisible();
    });
  });
}
