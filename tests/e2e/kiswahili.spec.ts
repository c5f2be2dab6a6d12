// The Kiswahili site under /sw/: every page in Kiswahili with lang="sw", its
// alternates and its canonical URL; header, sidebar and footer in Kiswahili,
// saying which links go to pages in English only; the language switcher both
// ways from every page, by keyboard; the sitemap listing both languages; and
// the Kiswahili not-found page for unknown /sw/ paths. At a phone's 375 px and
// a desktop's 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { sitemapPages } from './support/site-map.ts';
import { readPracticeAreas } from '../support/content.ts';

const siteOrigin = process.env.SITE_URL ?? 'http://localhost:8888';
const kiswahiliPages = sitemapPages.filter((path) => path.startsWith('/sw/'));
const englishPages = sitemapPages.filter((path) => !path.startsWith('/sw/'));
/** The English page of a Kiswahili one: /sw/about/ → /about/. */
const englishOf = (path: string) => path.replace(/^\/sw/, '') || '/';
/** Pages written in both languages, by their English path. */
const TRANSLATED = /^\/(about\/|practice-areas\/|practice-area\/[^/]+\/|contact-us\/)?$/;

const head = async (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    alternates: Object.fromEntries(
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    ),
    locale: document.querySelector('meta[property="og:locale"]')?.getAttribute('content'),
    alternateLocales: [...document.querySelectorAll('meta[property="og:locale:alternate"]')].map((meta) =>
      meta.getAttribute('content'),
    ),
  }));

test('the Kiswahili site has every page written in both languages, one per practice area', () => {
  const expected = ['/sw/', '/sw/about/', '/sw/practice-areas/', '/sw/contact-us/'];
  for (const path of expected) expect(kiswahiliPages).toContain(path);
  expect(kiswahiliPages.filter((path) => path.startsWith('/sw/practice-area/'))).toHaveLength(
    readPracticeAreas().length,
  );
  expect(kiswahiliPages).toHaveLength(expected.length + readPracticeAreas().length);
});

test('the sitemap lists each Kiswahili page beside its English counterpart, with hreflang alternates', async ({
  request,
}) => {
  for (const path of kiswahiliPages) expect(englishPages, path).toContain(englishOf(path));
  const xml = await (await request.get('/sitemap-0.xml')).text();
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="sw" href="${siteOrigin}/sw/about/"/>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${siteOrigin}/about/"/>`);
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 740 } });

    for (const path of kiswahiliPages) {
      test(`${path} is in Kiswahili, with lang="sw", its canonical URL and its alternates both ways`, async ({
        page,
      }) => {
        await page.goto(path);
        const english = englishOf(path);
        const alternates = {
          en: `${siteOrigin}${english}`,
          sw: `${siteOrigin}${path}`,
          'x-default': `${siteOrigin}${english}`,
        };
        expect(await head(page)).toEqual({
          lang: 'sw',
          canonical: `${siteOrigin}${path}`,
          alternates,
          locale: 'sw_KE',
          alternateLocales: ['en_KE'],
        });
        await page.goto(english);
        expect(await head(page)).toEqual({
          lang: 'en',
          canonical: `${siteOrigin}${english}`,
          alternates,
          locale: 'en_KE',
          alternateLocales: ['sw_KE'],
        });
      });

      test(`${path} has its header and footer in Kiswahili, each link to a page in English only marked so`, async ({
        page,
      }) => {
        await page.goto(path);
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByRole('heading', { name: 'Viungo muhimu' })).toBeVisible();
        await expect(footer.getByRole('link', { name: 'Kuhusu Sisi' })).toHaveAttribute('href', '/sw/about');
        await expect(footer.getByRole('link', { name: 'Wasiliana Nasi' })).toHaveAttribute('href', '/sw/contact-us');
        await expect(footer.getByRole('link', { name: 'Makala (kwa Kiingereza)' })).toHaveAttribute(
          'href',
          '/insights',
        );
        await expect(page.getByRole('link', { name: /ukurasa wa mwanzo/ }).first()).toHaveAttribute('href', '/sw/');
        if (width > 960) {
          const nav = page.getByRole('banner').getByRole('navigation', { name: 'Menyu kuu' });
          await expect(nav.getByRole('link', { name: 'Mwanzo', exact: true })).toHaveAttribute('href', '/sw/');
          await expect(nav.getByRole('link', { name: 'Podikasti (kwa Kiingereza)' })).toHaveAttribute(
            'href',
            '/podcast',
          );
          await expect(page.getByRole('banner').getByRole('link', { name: 'Wasiliana Nasi' })).toHaveAttribute(
            'href',
            '/sw/contact-us',
          );
        }
        // Every link on the page to a page in English only says so, in the link and in its hreflang.
        const toEnglish = await page.locator('a[hreflang="en"]:not([data-language-switch])').evaluateAll((links) =>
          links.map((link) => ({
            href: link.getAttribute('href') ?? '',
            text: link.textContent?.replace(/\s+/g, ' ').trim() ?? '',
          })),
        );
        expect(toEnglish.length).toBeGreaterThan(0);
        for (const link of toEnglish) {
          expect(link.href, link.text).not.toMatch(/^\/sw\//);
          expect(link.text, link.href).toContain('(kwa Kiingereza)');
        }
        // …and no link on it goes to an English page that has a Kiswahili one.
        const hrefs = await page
          .locator('a[href^="/"]')
          .evaluateAll((links) =>
            links.filter((link) => !link.hasAttribute('hreflang')).map((link) => link.getAttribute('href') ?? ''),
          );
        for (const href of hrefs) {
          if (href.startsWith('/_astro/') || href.startsWith('/sw/')) continue;
          expect(TRANSLATED.test(href.endsWith('/') ? href : `${href}/`), href).toBe(false);
        }
      });

      test(`${path} switches to English and back by keyboard`, async ({ page }) => {
        await page.goto(path);
        const english = englishOf(path);
        if (width > 960) {
          const toEnglish = page.getByRole('banner').getByRole('link', { name: 'English', exact: true });
          await expect(toEnglish).toHaveAttribute('hreflang', 'en');
          await expect(toEnglish).toHaveAttribute('lang', 'en');
          await toEnglish.focus();
          await page.keyboard.press('Enter');
          await expect(page).toHaveURL(`${english}`);
          const toKiswahili = page.getByRole('banner').getByRole('link', { name: 'Kiswahili', exact: true });
          await toKiswahili.focus();
          await page.keyboard.press('Enter');
          await expect(page).toHaveURL(path);
        } else {
          // On a phone: from the header, then from the sidebar.
          const toEnglish = page.getByRole('banner').getByRole('link', { name: 'English', exact: true }).first();
          await toEnglish.focus();
          await page.keyboard.press('Enter');
          await expect(page).toHaveURL(english);
          await page.getByRole('button', { name: 'Open menu' }).click();
          const sidebar = page.getByRole('dialog', { name: 'Menu' });
          await sidebar.getByRole('link', { name: 'Kiswahili', exact: true }).focus();
          await page.keyboard.press('Enter');
          await expect(page).toHaveURL(path);
          await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
          await page.getByRole('button', { name: 'Fungua menyu' }).click();
          const menyu = page.getByRole('dialog', { name: 'Menyu' });
          await expect(menyu.getByRole('button', { name: 'Funga menyu' })).toBeFocused();
          await expect(menyu.getByRole('link', { name: 'Makala (kwa Kiingereza)' })).toHaveAttribute('hreflang', 'en');
          await expect(menyu.getByRole('link', { name: 'Wasiliana Nasi' })).toHaveAttribute('href', '/sw/');
          await menyu.getByRole('link', { name: 'English', exact: true }).focus();
          await page.keyboard.press('Enter');
          await expect(page).toHaveURL(english);
        }
      });
    }

    test('an unknown /sw/ path answers 404 with the not-found page in Kiswahili', async ({ page }) => {
      const response = await page.goto('/sw/hakuna-ukurasa-huu');
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hitilafu Isiyotarajiwa!');
      await expect(page.getByRole('main').getByRole('link', { name: 'Rudi mwanzo' })).toHaveAttribute('href', '/sw/');
      // An unknown English path keeps the English page.
      const english = await page.goto('/no-such-page');
      expect(english?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });
}

test('every English page’s switcher goes to its Kiswahili counterpart, or to the Kiswahili home page', async ({
  request,
}) => {
  for (const path of englishPages) {
    const html = await (await request.get(path)).text();
    const target = TRANSLATED.test(path) ? (path === '/' ? '/sw/' : `/sw${path}`) : '/sw/';
    expect(html, path).toMatch(
      new RegExp(`<a class="language-switch" href="${target}" hreflang="sw" lang="sw"[^>]*>[\\s\\S]*?Kiswahili</a>`),
    );
    expect(html, path).toContain('<html lang="en"');
  }
});

test('a Kiswahili practice area names its services in Kiswahili and keeps the consultation form', async ({ page }) => {
  await page.goto('/sw/practice-area/employment-law/');
  await expect(page.getByRole('heading', { level: 2, name: 'Jinsi tunavyokusaidia' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Njia ya ukurasa' }).getByRole('link')).toHaveAttribute(
    'href',
    '/sw/practice-areas',
  );
  await expect(page.getByText('Mahakama ya Ajira na Mahusiano ya Kazi').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Omba Ushauri' })).toBeVisible();
  await expect(page.locator('form')).toHaveCount(1);
});
