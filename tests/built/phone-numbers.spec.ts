// Every phone number a page links to says what it rings, in the page's language:
// the firm has one line per office, and a visitor should know which they call.
import { expect, test } from '@playwright/test';
import { officeLine } from '../../src/content/office-line.ts';
import type { Language } from '../../src/lib/i18n/languages.ts';
import { site, telHref } from '../../src/site.config.ts';
import { builtPage, builtPages, elements, textOf, type BuiltPage } from '../support/built-site.ts';

const pages = builtPages.filter((page) => !page.path.startsWith('/preview/'));
const languageOf = (page: BuiltPage) =>
  elements(page, (element) => element.name === 'html')[0]?.attribs.lang as Language;
const bodyText = (page: BuiltPage) => textOf(elements(page, (element) => element.name === 'body')[0]!);

test('every tel: link on every page names the office it rings, in the page’s language', () => {
  let links = 0;
  for (const page of pages) {
    const lang = languageOf(page);
    for (const link of elements(page, (element) => element.name === 'a' && /^tel:/.test(element.attribs.href ?? ''))) {
      const office = site.offices.find((candidate) => telHref(candidate.phone) === link.attribs.href);
      expect(office, `${page.path}: ${link.attribs.href} is an office's line`).toBeDefined();
      expect(textOf(link), page.path).toContain(officeLine(office!.phone, lang));
      links++;
    }
  }
  expect(links).toBeGreaterThan(pages.length);
});

test('the home page names the office of each number, in English and Kiswahili', () => {
  for (const [path, words] of [
    ['/', ['Nairobi office', 'Kakamega office']],
    ['/sw/', ['Ofisi ya Nairobi', 'Ofisi ya Kakamega']],
  ] as const) {
    const text = bodyText(builtPage(path));
    for (const word of words) expect(text, path).toContain(word);
  }
});

test('the contact page writes out the WhatsApp number its link opens', () => {
  for (const path of ['/contact-us/', '/sw/contact-us/']) {
    const page = builtPage(path);
    const main = elements(page, (element) => element.name === 'main')[0]!;
    expect(textOf(main), path).toContain(site.whatsapp);
  }
});
