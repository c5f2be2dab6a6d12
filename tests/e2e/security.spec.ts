import { expect, test, type Page } from '@playwright/test';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { largePhoto } from '../../scripts/lib/photos.ts';
import { hydrated } from './support/hydration.ts';

test.describe('security headers', () => {
  test('pages are served with the security headers of netlify.toml', async ({ request }) => {
    for (const path of ['/', '/careers/mno-pupillage-programme/', '/no-such-page']) {
      const headers = (await request.get(path)).headers();
      expect(headers['strict-transport-security'], path).toMatch(/max-age=\d{8,}/);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
    }
  });

  test('hashed build files are cached for a year, immutably', async ({ request }) => {
    const asset = (await (await request.get('/')).text()).match(/<script[^>]* src="(\/_astro\/[^"]+)"/)?.[1];
    expect(asset).toBeTruthy();
    const headers = (await request.get(asset!)).headers();
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('function answers carry their own security headers', async ({ request }) => {
    const response = await request.post(CONTACT_ENDPOINT, { data: { form_data: {} } });
    expect(response.status()).toBe(422);
    expect((await response.json()).message).toContain('Name input is required');
    const headers = response.headers();
    expect(headers['content-type']).toContain('application/json');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toContain('no-store');
  });
});

/** Collects the page's Content-Security-Policy violations as they happen. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test.describe('the site works under its own policy', () => {
  test('opening the video modal breaks no rule', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/');
    await page.getByRole('button', { name: /Watch Video/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.locator('[data-section="practice"]').scrollIntoViewIfNeeded();
    await hydrated(page, '[data-section="practice"]');
    expect(violations).toEqual([]);
  });

  test('opening the mobile sidebar breaks no rule', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('searching the articles breaks no rule', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/insights');
    const box = page.getByRole('searchbox', { name: 'Search articles' });
    await box.scrollIntoViewIfNeeded();
    await box.fill('land');
    await expect(page.getByRole('search').getByRole('status')).toHaveText(/articles? found/);
    await expect(page.getByRole('search').getByRole('link').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('reducing a photo for the application form, in its worker, breaks no rule', async ({ page }) => {
    const violations = await watchViolations(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.goto('/careers/mno-pupillage-programme');
    const input = page.locator('#apply [name="kcse_file"]');
    await input.scrollIntoViewIfNeeded();
    await hydrated(page, '#apply');
    // Longer than 2,400 px, so it is re-encoded.
    await input.setInputFiles({
      name: 'kcse.jpg',
      mimeType: 'image/jpeg',
      buffer: await largePhoto({ width: 3200, height: 2400, format: 'jpeg' }),
    });
    await expect(page.locator('#apply .form-field__note').filter({ hasText: 'Photo reduced' })).toBeVisible();
    expect(workers).toEqual([expect.stringMatching(/^\/_astro\/photo-worker[\w.-]*\.js$/)]);
    expect(violations).toEqual([]);
  });

  test('sending the contact form breaks no rule', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/contact-us');
    const form = page.locator('form').first();
    await form.scrollIntoViewIfNeeded();
    await hydrated(page, 'main');
    await form.locator('[name="name"]').fill('Achieng Odhiambo');
    await form.locator('[name="email"]').fill(`csp-${Date.now()}@example.co.ke`);
    await form.locator('[name="phone"]').fill('0712345678');
    await form.locator('[name="interest"]').fill('Land purchase in Kisumu');
    await form.locator('[name="msg"]').fill('I would like advice on a land purchase agreement.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sent' })).toBeVisible();
    await expect(page.getByRole('status')).not.toBeEmpty();
    expect(violations).toEqual([]);
  });
});
