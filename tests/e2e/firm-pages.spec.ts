import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import { readPracticeAreas, readTeam } from '../support/content.ts';

/** The firm's content as the pages list it; tests/spec-conformance/ holds it to the spec's counts. */
const practiceAreas = readPracticeAreas();
const team = readTeam();
/** The lists still kept as one JSON array each. */
const content = (file: string): unknown[] =>
  JSON.parse(readFileSync(new URL(`../../src/content/${file}`, import.meta.url), 'utf8'));

test.describe('about and team', () => {
  test('the about page tells the firm’s story and holds the team section', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('.about-hero img')).toHaveCount(3);
    await expect(page.getByRole('main')).toContainText(String(site.foundedYear));
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
    await expect(page.locator('.about-values > li')).toHaveCount(5);
    await expect(page.locator('#team')).toBeVisible();
  });

  test('the team page lists every person, and “Work with Us” goes to careers', async ({ page }) => {
    await page.goto('/team');
    await expect(page.locator('#team .team-card')).toHaveCount(team.length);
    await expect(page.locator('#team').getByRole('link', { name: 'Work with Us' })).toHaveAttribute('href', '/careers');
  });

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

test.describe('clients and partners', () => {
  test('groups logos under the spec’s sector names, the fintech logo 392 on black', async ({ page }) => {
    await page.goto('/clients-and-partners');
    const headings = await page.locator('.sector h2').allTextContents();
    expect(headings).toEqual([
      'Finance',
      'Manufacturing',
      'Security',
      'Health',
      'Public Benefit Organizations',
      'Public Sector',
      'Real Estate',
      'Hospitality',
      'Fintech',
      'Education',
      'Beauty',
    ]);
    await expect(page.locator('.sector__logo')).toHaveCount(content('partners.json').length);
    const logo392 = page.locator('[data-partner-id="392"]');
    await expect(logo392).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await expect(page.locator('[data-sector="fintech"] [data-partner-id="392"]')).toHaveCount(1);
    await expect(page.locator('.sector__logo:not([data-partner-id="392"])').first()).not.toHaveCSS(
      'background-color',
      'rgb(0, 0, 0)',
    );
  });
});

test.describe('practice areas', () => {
  test('the listing numbers every area from id + 1 and links each to its page', async ({ page }) => {
    await page.goto('/practice-areas');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What We Do');
    await expect(page.locator('.practice-item__number')).toHaveText(
      practiceAreas.map((area) => String(area.id + 1).padStart(2, '0')),
    );
    const links = await page
      .locator('.practice-item a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(practiceAreas.map((area) => `/practice-area/${area.url_param}`));
  });

  for (const { url_param: slug, success_stories: stories = [] } of practiceAreas) {
    test(`/practice-area/${slug} has its breadcrumb, services and the consultation form`, async ({ page }) => {
      const response = await page.goto(`/practice-area/${slug}`);
      expect(response?.status()).toBe(200);
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumb.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/practice-areas');
      await expect(breadcrumb.locator('[aria-current="page"]')).not.toBeEmpty();
      expect(await page.locator('.service-list > li').count()).toBeGreaterThan(0);
      await expect(page.getByRole('heading', { name: 'Request For Consultation' })).toBeVisible();
      await expect(page.locator('.success-stories li')).toHaveCount(stories.length);
    });
  }

  test('an unknown practice area is a 404', async ({ page }) => {
    const response = await page.goto('/practice-area/tax-evasion');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  });
});

test.describe('careers', () => {
  test('lists the open positions with a count and an Apply link', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('heading', { name: /Open Positions/ })).toContainText('(1)');
    await expect(page.getByRole('heading', { name: 'Pupillage Programme 2025' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Apply/ })).toHaveAttribute('href', '/careers/mno-pupillage-programme');
  });

  test('the pupillage page shows the role, four requirements, the deadline, and Apply scrolls to the form', async ({
    page,
  }) => {
    await page.goto('/careers/mno-pupillage-programme');
    await expect(page.getByRole('link', { name: /Back to careers/i })).toHaveAttribute('href', '/careers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pupillage Programme 2025');
    await expect(page.locator('.requirements ol > li')).toHaveCount(4);
    await expect(page.getByRole('main')).toContainText('on or before 15th of September, 2024');
    await page.getByRole('link', { name: 'Apply', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Apply for This Role' })).toBeInViewport();
  });

  test('an unknown career is a 404', async ({ page }) => {
    const response = await page.goto('/careers/senior-partner-vacancy');
    expect(response?.status()).toBe(404);
  });
});

test.describe('podcast', () => {
  test('lists the episodes; YouTube plays in a new tab, Spotify and Google Podcasts are unavailable', async ({
    page,
  }) => {
    await page.goto('/podcast');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Listen To Our Informative and Engaging Podcast');
    await expect(page.getByText('Just Legal Podcast', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest Episodes' })).toBeVisible();
    const episodes = page.locator('.episode-row');
    await expect(episodes).toHaveCount(content('podcast-episodes.json').length);
    const first = episodes.first();
    await expect(first.locator('.episode-row__time')).toHaveText(/^\d+ minutes$/);
    const youtube = first.getByRole('link', { name: /YouTube/ });
    await expect(youtube).toHaveAttribute('target', '_blank');
    await expect(youtube).toHaveAttribute('href', /youtube\.com\/watch/);
    await expect(first.getByRole('button', { name: 'Spotify' })).toBeDisabled();
    await expect(first.getByRole('button', { name: 'Google Podcasts' })).toBeDisabled();
  });

  test('the platform links: the video channel in a new tab, the other two to home', async ({ page }) => {
    await page.goto('/podcast');
    const platforms = page.getByRole('list', { name: 'Listen on' });
    await expect(platforms.getByRole('link', { name: /YouTube/ })).toHaveAttribute('target', '_blank');
    await expect(platforms.getByRole('link', { name: 'Spotify' })).toHaveAttribute('href', '/');
    await expect(platforms.getByRole('link', { name: 'Google Podcasts' })).toHaveAttribute('href', '/');
  });
});

test.describe('contact page', () => {
  test('shows phones, office e-mails, socials, both offices with postal boxes and a lazy map', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: site.phones.local }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: site.phones.international }).first()).toBeVisible();
    for (const office of site.offices) {
      await expect(main.getByRole('link', { name: office.email }).first()).toHaveAttribute(
        'href',
        `mailto:${office.email}`,
      );
      await expect(main).toContainText(office.postalAddress);
    }
    await expect(main).toContainText('8th Floor, Africa House, Chania Avenue');
    await expect(main).toContainText('3rd Floor, Plaza, Kakamega-Kisumu Highway');
    for (const social of ['Facebook', 'X', 'Instagram', 'LinkedIn']) {
      await expect(main.getByRole('link', { name: `${social} (opens in a new tab)` })).toHaveAttribute(
        'target',
        '_blank',
      );
    }
    await expect(page.locator('.map iframe')).toHaveAttribute('loading', 'lazy');
  });

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
