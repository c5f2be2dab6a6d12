// The firm's pages where a browser is needed: the team dialog, the logos'
// colours, Apply's scroll, the map's lazy load; and what the server answers.
// What the pages say and link is read from dist/ (tests/built/firm-pages.spec.ts).
import { expect, test } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import { readPracticeAreas } from '../support/content.ts';
import { expectNotFoundPage } from './support/not-found.ts';

test.describe('about and team', () => {
  test('a team card opens that person’s details; close icon, outside click and Escape close it', async ({ page }) => {
    await page.goto('/team');
    const cards = page.locator('.team-card');
    const dialog = page.getByRole('dialog');

    const firstName = (await cards.nth(0).locator('.team-card__name').textContent())!;
    await cards.nth(0).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: firstName })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(cards.nth(0)).toBeFocused();

    const secondName = (await cards.nth(1).locator('.team-card__name').textContent())!;
    await cards.nth(1).click();
    await expect(dialog.getByRole('heading', { name: secondName })).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(dialog).toHaveCount(0);

    await cards.nth(2).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test('clients and partners: the fintech logo 392 alone sits on black', async ({ page }) => {
  await page.goto('/clients-and-partners');
  await expect(page.locator('[data-partner-id="392"]')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await expect(page.locator('.sector__logo:not([data-partner-id="392"])').first()).not.toHaveCSS(
    'background-color',
    'rgb(0, 0, 0)',
  );
});

test.describe('practice areas', () => {
  test('every practice area answers 200; an unknown one, 404 with the error page', async ({ request }) => {
    for (const { url_param: slug } of readPracticeAreas()) {
      expect((await request.get(`/practice-area/${slug}`)).status(), slug).toBe(200);
    }
    await expectNotFoundPage(request, '/practice-area/tax-evasion');
  });
});

test.describe('careers', () => {
  test('on the pupillage page Apply scrolls to the form', async ({ page }) => {
    await page.goto('/careers/mno-pupillage-programme');
    await page.getByRole('link', { name: 'Apply', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Apply for This Role' })).toBeInViewport();
  });

  test('an unknown career is a 404', async ({ request }) => {
    await expectNotFoundPage(request, '/careers/senior-partner-vacancy');
  });
});

test.describe('contact page', () => {
  test('on a phone the map is fetched only as the visitor nears it, not with the page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const mapHost = new URL(site.mapEmbedUrl).host;
    const mapRequests: string[] = [];
    // Offline here: the maps service answers with a stand-in page.
    await page.route(
      (url) => url.host === mapHost,
      (route) => {
        mapRequests.push(route.request().url());
        return route.fulfill({ contentType: 'text/html', body: '<p>map</p>' });
      },
    );
    await page.goto('/contact-us', { waitUntil: 'networkidle' });
    expect(mapRequests).toEqual([]);
    await page.locator('.map iframe').scrollIntoViewIfNeeded();
    await expect.poll(() => mapRequests).toEqual([site.mapEmbedUrl]);
    await expect(page.frameLocator('.map iframe').locator('p')).toHaveText('map');
  });
});
