// The frame of every built page, read from dist/: the header's links and the
// current section, the mobile menu's links, the footer, the call to action and
// the not-found page. Menus opening, motion, hydration and the footer's year
// in the visitor's clock need a browser: tests/e2e/site-shell.spec.ts.
import { expect, test } from '@playwright/test';
import type { Element } from 'domhandler';
import { site } from '../../src/site.config.ts';
import {
  builtPage,
  childrenOf,
  elements,
  hasClass,
  isLink,
  landmark,
  linkNamed,
  linksNamed,
  named,
  nameOf,
  one,
  tagged,
  textOf,
  visitorPages,
  type BuiltPage,
} from '../support/built-site.ts';

/** The pages in English: the labels below are the English ones (tests/built/kiswahili-markup.spec.ts has /sw/). */
const englishPages = visitorPages.filter((page) => elements(page, tagged('html'))[0]?.attribs.lang === 'en');
const mainNav = (page: BuiltPage) => one(landmark(page, 'header'), named('nav', 'Main'), `${page.path} Main nav`);
/** The mobile menu: a closed <dialog> until the visitor opens it, so outside what the header shows. */
const isMenu = named('dialog', 'Menu');
const insideMenu = (element: Element): boolean =>
  Boolean(element.parent && 'name' in element.parent && (isMenu(element.parent) || insideMenu(element.parent)));

test('the build has English pages to check', () => {
  expect(englishPages.length).toBeGreaterThan(40);
});

test.describe('header', () => {
  test('on every English page links to every section and sends "Get in Touch" to the contact page', () => {
    for (const page of englishPages) {
      const nav = mainNav(page);
      for (const [label, href] of [
        ['Home', '/'],
        ['About', '/about'],
        ['Practice Areas', '/practice-areas'],
        ['Insights', '/insights'],
        ['Podcast', '/podcast'],
      ] as const) {
        expect(linkNamed(nav, label).attribs.href, `${page.path} ${label}`).toBe(href);
      }
      const header = landmark(page, 'header');
      const shown = (name: string | RegExp) => linksNamed(header, name).filter((link) => !insideMenu(link));
      expect(shown(/home/i)[0]?.attribs.href, page.path).toBe('/');
      const cta = shown('Get in Touch');
      expect(
        cta.map((link) => link.attribs.href),
        page.path,
      ).toEqual(['/contact-us']);
    }
  });

  test('on every English page About’s dropdown lists the about pages', () => {
    for (const page of englishPages) {
      const menu = one(mainNav(page), named('ul', 'About pages'));
      for (const [label, href] of [
        ['Who we are', '/about'],
        ['Team', '/team'],
        ['Clients & Partners', '/clients-and-partners'],
        ['Careers', '/careers'],
      ] as const) {
        expect(linkNamed(menu, label).attribs.href, `${page.path} ${label}`).toBe(href);
      }
    }
  });

  for (const [path, current] of [
    ['/practice-areas/', 'Practice Areas'],
    ['/practice-area/employment-law/', 'Practice Areas'],
    ['/insights/', 'Insights'],
    ['/team/', 'About'],
    ['/podcast/', 'Podcast'],
  ] as const) {
    test(`marks ${current} as the current section on ${path}`, () => {
      const nav = mainNav(builtPage(path));
      expect(linkNamed(nav, current).attribs['aria-current']).toBe('page');
      const topLinks = childrenOf(nav, tagged('ul'))
        .flatMap((list) => childrenOf(list, tagged('li')))
        .flatMap((item) => childrenOf(item, tagged('a')));
      expect(topLinks.filter((link) => link.attribs['aria-current'] === 'page')).toHaveLength(1);
    });
  }
});

test('the mobile menu sends "Get in Touch" to the home page, as the spec says', () => {
  for (const page of englishPages) {
    const menu = one(landmark(page, 'header'), isMenu, `${page.path} Menu`);
    expect(linkNamed(menu, 'Get in Touch').attribs.href, page.path).toBe('/');
  }
});

test('every English footer links to the main pages, opens socials in new tabs, and shows offices, phone, e-mail and this year', () => {
  for (const page of englishPages) {
    const footer = landmark(page, 'footer');
    for (const [label, href] of [
      ['About Us', '/about'],
      ['Partners', '/clients-and-partners'],
      ['Careers', '/careers'],
      ['Insights', '/insights'],
      ['Contact Us', '/contact-us'],
    ] as const) {
      expect(linkNamed(footer, label).attribs.href, `${page.path} ${label}`).toBe(href);
    }
    for (const social of ['Facebook', 'X', 'Instagram', 'LinkedIn']) {
      expect(linkNamed(footer, `${social} (opens in a new tab)`).attribs, `${page.path} ${social}`).toMatchObject({
        target: '_blank',
        rel: 'noopener noreferrer',
      });
    }
    const text = textOf(footer);
    expect(text, page.path).toContain('8th Floor, Africa House, Chania Avenue');
    expect(text, page.path).toContain('3rd Floor, Plaza, Kakamega-Kisumu Highway');
    const phone = elements(footer, (element) => isLink(element) && nameOf(element).includes(site.phones.local));
    expect(
      phone.map((link) => link.attribs.href),
      page.path,
    ).toEqual([expect.stringMatching(/^tel:\+254/)]);
    expect(linkNamed(footer, site.email.general).attribs.href, page.path).toBe(`mailto:${site.email.general}`);
    // The year of the build; a script puts in the visitor's own (tests/e2e/site-shell.spec.ts).
    expect(text, page.path).toContain(`© ${new Date().getFullYear()}`);
  }
});

test('the call to action offers "Let’s Talk" and the phone number, with the adjust style away from home', () => {
  const homeCta = one(builtPage('/'), (element) => element.name === 'section' && hasClass('cta')(element));
  expect(homeCta.attribs.class).toBe('cta');
  expect(linkNamed(homeCta, "Let's Talk").attribs.href).toBe('/contact-us');
  expect(textOf(homeCta)).toContain(site.phones.international);
  let away = 0;
  for (const page of visitorPages.filter((candidate) => !['/', '/sw/'].includes(candidate.path))) {
    for (const cta of elements(page, (element) => element.name === 'section' && hasClass('cta')(element))) {
      expect(hasClass('adjust')(cta), page.path).toBe(true);
      away++;
    }
  }
  expect(away).toBeGreaterThan(40);
});

test('the not-found page says so inside the normal frame', () => {
  const page = builtPage('/404.html');
  expect(elements(page, tagged('h1')).map(textOf)).toEqual(['Unexpected Application Error!']);
  expect(elements(one(page, tagged('body')), (element) => textOf(element) === '404 Not Found').length).toBeGreaterThan(
    0,
  );
  landmark(page, 'header');
  landmark(page, 'footer');
});
