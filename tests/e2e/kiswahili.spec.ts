// The Kiswahili site as a visitor meets it, on the home page and a practice
// area at a phone's 375 px and a desktop's 1280 px: header, sidebar and footer in
// Kiswahili; the language switcher both ways, by keyboard; the Kiswahili
// not-found page. Its markup on every page: tests/built/kiswahili-markup.spec.ts.
import { expect, test } from '@playwright/test';
import { subscribeCopy } from '../../src/forms/subscribe/subscribe.ts';
import { templateRoutes } from '../support/built-site.ts';

/** The frame is one template on every page (what each page links to is checked in Node): two pages show it. */
const kiswahiliPages = ['/sw/', templateRoutes.find((path) => path.startsWith('/sw/practice-area/'))!];
/** The English page of a Kiswahili one: /sw/about/ → /about/. */
const englishOf = (path: string) => path.replace(/^\/sw/, '') || '/';

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 740 } });

    for (const path of kiswahiliPages) {
      test(`${path} has its header and footer in Kiswahili`, async ({ page }) => {
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

test('a Kiswahili practice area names its services in Kiswahili and keeps the consultation form beside the alerts', async ({
  page,
}) => {
  await page.goto('/sw/practice-area/employment-law/');
  await expect(page.getByRole('heading', { level: 2, name: 'Jinsi tunavyokusaidia' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Njia ya ukurasa' }).getByRole('link')).toHaveAttribute(
    'href',
    '/sw/practice-areas',
  );
  await expect(page.getByText('Mahakama ya Ajira na Mahusiano ya Kazi').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Omba Ushauri' })).toBeVisible();
  await expect(page.locator('.practice-body__form form')).toHaveCount(1);
  await expect(page.getByRole('form', { name: subscribeCopy.sw.name })).toHaveCount(1);
  await expect(page.locator('form')).toHaveCount(2);
});
