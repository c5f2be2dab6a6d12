// The WhatsApp link in the footer of every built page, in the page's language:
// wa.me with the firm's number and greeting, in a new tab, safely, named for
// WhatsApp, with the notice beside it (what a visitor meets: tests/e2e/reach.spec.ts).
import { expect, test } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages.ts';
import { whatsappLink } from '../../src/lib/whatsapp.ts';
import { elements, textOf, visitorPages } from '../support/built-site.ts';

const pages = visitorPages;

test('the footer of every page links to WhatsApp in its language, with the notice', () => {
  expect(pages.length).toBeGreaterThan(40);
  for (const page of pages) {
    const lang = elements(page, (element) => element.name === 'html')[0]?.attribs.lang ?? '';
    expect(LANGUAGES, page.path).toContain(lang);
    const expected = whatsappLink(lang as Language);
    const [footer] = elements(page, (element) => element.name === 'footer');
    expect(footer, page.path).toBeDefined();
    const links = elements(
      footer!,
      (element) => element.name === 'a' && (element.attribs.href ?? '').startsWith('https://wa.me/'),
    );
    expect(
      links.map((link) => link.attribs),
      page.path,
    ).toEqual([
      expect.objectContaining({
        href: expected.href,
        target: '_blank',
        rel: expect.stringMatching(/\bnoopener\b/),
        'aria-label': expected.accessibleName,
      }),
    ]);
    expect(textOf(footer!), page.path).toContain(expected.notice);
    // The number itself is written beside the link: people save it.
    expect(textOf(footer!), page.path).toContain(expected.number);
  }
});
