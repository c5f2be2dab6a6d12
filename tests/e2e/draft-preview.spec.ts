// The draft preview (/preview/insight/<slug>?token=…): an editor reads an
// unpublished article, rendered on request from the content service's DRAFT
// stage by the Netlify adapter's function, served as `npm start` serves it.
import { expect, test } from '@playwright/test';
import { draftArticle, PREVIEW_TOKEN } from './support/articles.ts';
import { seriousViolations } from './support/axe.ts';

const slug = draftArticle.articleSlug;
const previewPath = (token?: string) =>
  `/preview/insight/${slug}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 740 } });

    test('the preview with the token shows the draft under its band, never cached nor indexed', async ({ page }) => {
      const response = await page.goto(previewPath(PREVIEW_TOKEN));
      expect(response?.status()).toBe(200);
      const headers = response!.headers();
      expect(headers['x-robots-tag']).toContain('noindex');
      expect(headers['cache-control']).toBe('private, no-store');
      expect(headers['content-security-policy']).toContain("default-src 'self'");

      await expect(page.getByText('Preview — not published')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(draftArticle.articleTitle);
      await expect(page.getByRole('heading', { name: 'What changes for payroll' })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      // Cleaned as a published article is: the script never ran, the tracker's image is gone.
      expect(await page.title()).not.toBe('scripted');
      await expect(page.locator('.article script')).toHaveCount(0);
      await expect(page.locator('img[src*="tracker.example.net"]')).toHaveCount(0);
      await expect(page.getByText('Committee hearings follow in March.')).toBeVisible();
    });

    test('the preview page passes the accessibility audit', async ({ page }) => {
      await page.goto(previewPath(PREVIEW_TOKEN));
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test('the draft is on no public page', async ({ page, request }) => {
  expect((await request.get(`/insight/${slug}`)).status()).toBe(404);
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(draftArticle.articleTitle)).toHaveCount(0);
});

test('without the right token, or for an unknown slug, the answer is the same bare 404', async ({ page }) => {
  const bodies: string[] = [];
  for (const path of [
    previewPath(),
    previewPath('wrong-token'),
    previewPath(`${PREVIEW_TOKEN}x`),
    `/preview/insight/no-such-draft?token=${PREVIEW_TOKEN}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(response!.headers()['cache-control'], path).toBe('private, no-store');
    await expect(page.getByText('404 Not Found')).toBeVisible();
    await expect(page.getByText('Preview — not published')).toHaveCount(0);
    await expect(page.getByText(draftArticle.articleTitle)).toHaveCount(0);
    bodies.push(await page.locator('main').innerText());
  }
  expect(new Set(bodies).size).toBe(1);
});
