// The Kiswahili site as a visitor meets it on a practice area at a phone's
// 375 px and a desktop's 1280 px: the language switcher both ways, by keyboard,
// from the header and the sidebar; and the Kiswahili not-found page, as served.
// Its markup on every page, the header and footer among it:
// tests/built/kiswahili-markup.spec.ts.
import { expect, test } from '@playwright/test';
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { templateRoutes } from '../support/built-site.ts';

/** The frame is one template on every page (where each page's switcher leads is checked in Node): one shows it. */
const path = templateRoutes.find((route) => route.startsWith('/sw/practice-area/'))!;
/** Its English page: /sw/practice-area/x/ → /practice-area/x/. */
const english = path.replace(/^\/sw/, '');

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test(`${path} switches to English and back by keyboard`, async ({ page }) => {
    await page.goto(path);
    const toEnglish = page.getByRole('banner').getByRole('link', { name: 'English', exact: true });
    await expect(toEnglish).toHaveAttribute('hreflang', 'en');
    await expect(toEnglish).toHaveAttribute('lang', 'en');
    await toEnglish.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(english);
    const toKiswahili = page.getByRole('banner').getByRole('link', { name: 'Kiswahili', exact: true });
    await toKiswahili.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(path);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test(`${path} switches to English and back by keyboard, from the header and then the sidebar`, async ({ page }) => {
    await page.goto(path);
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
  });
});

test('an unknown /sw/ path answers 404 with the not-found page in Kiswahili; an unknown English path, in English', async ({
  request,
}) => {
  const notFound = async (path: string) => {
    const response = await request.get(path);
    const document = parseDocument(await response.text());
    const find = (test: (element: Element) => boolean) => DomUtils.findAll(test, document.children);
    return {
      status: response.status(),
      lang: find((element) => element.name === 'html')[0]?.attribs.lang,
      heading: find((element) => element.name === 'h1').map((element) => DomUtils.textContent(element).trim()),
      home: find((element) => element.name === 'main')
        .flatMap((main) => DomUtils.findAll((element) => element.name === 'a', [main]))
        .filter((link) => DomUtils.textContent(link).trim() === 'Rudi mwanzo')
        .map((link) => link.attribs.href),
    };
  };
  expect(await notFound('/sw/hakuna-ukurasa-huu')).toEqual({
    status: 404,
    lang: 'sw',
    heading: ['Hitilafu Isiyotarajiwa!'],
    home: ['/sw/'],
  });
  expect(await notFound('/no-such-page')).toMatchObject({ status: 404, lang: 'en' });
});
