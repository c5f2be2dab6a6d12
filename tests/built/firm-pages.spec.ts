// The firm's own pages as built, read from dist/: about and team, clients and
// partners, every practice area, careers, the podcast and the contact page.
// What needs a browser (the team dialog, the logos' colours, Apply's scroll, the
// map's lazy load) and the status codes stay in tests/e2e/firm-pages.spec.ts.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Element } from 'domhandler';
import { site } from '../../src/site.config.ts';
import {
  builtPage,
  childrenOf,
  elements,
  hasClass,
  headingsOf,
  isLink,
  linkNamed,
  named,
  nameOf,
  one,
  tagged,
  textOf,
  type BuiltPage,
} from '../support/built-site.ts';
import { readPracticeAreas, readTeam } from '../support/content.ts';

/** The firm's content as the pages list it; tests/spec-conformance/ holds it to the spec's counts. */
const practiceAreas = readPracticeAreas();
/** The lists still kept as one JSON array each. */
const content = (file: string): unknown[] =>
  JSON.parse(readFileSync(new URL(`../../src/content/${file}`, import.meta.url), 'utf8'));

const mainOf = (page: BuiltPage) => one(page, tagged('main'), `${page.path} <main>`);
const withId = (id: string) => (element: Element) => element.attribs.id === id;

test.describe('about and team', () => {
  test('the about page tells the firm’s story and holds the team section', () => {
    const page = builtPage('/about/');
    expect(elements(one(page, hasClass('about-hero')), tagged('img'))).toHaveLength(3);
    expect(textOf(mainOf(page))).toContain(String(site.foundedYear));
    expect(headingsOf(page)).toEqual(expect.arrayContaining(['Our Mission', 'Our Vision']));
    expect(childrenOf(one(page, hasClass('about-values')), tagged('li'))).toHaveLength(5);
    one(page, withId('team'), '#team');
  });

  test('the team page lists every person, and “Work with Us” goes to careers', () => {
    const section = one(builtPage('/team/'), withId('team'), '#team');
    expect(elements(section, hasClass('team-card'))).toHaveLength(readTeam().length);
    expect(linkNamed(section, 'Work with Us').attribs.href).toBe('/careers');
  });
});

test('clients and partners: logos under the spec’s sector names, the fintech logo 392 among them', () => {
  const page = builtPage('/clients-and-partners/');
  const sectors = elements(page, hasClass('sector'));
  expect(sectors.flatMap((sector) => elements(sector, tagged('h2')).map(textOf))).toEqual([
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
  expect(elements(page, hasClass('sector__logo'))).toHaveLength(content('partners.json').length);
  const fintech = one(page, (element) => element.attribs['data-sector'] === 'fintech', 'the fintech sector');
  one(fintech, (element) => element.attribs['data-partner-id'] === '392', 'logo 392');
});

test.describe('practice areas', () => {
  test('the listing numbers every area from id + 1 and links each to its page', () => {
    const page = builtPage('/practice-areas/');
    expect(headingsOf(page, 1)).toEqual(['What We Do']);
    expect(elements(page, hasClass('practice-item__number')).map(textOf)).toEqual(
      practiceAreas.map((area) => String(area.id + 1).padStart(2, '0')),
    );
    const links = elements(page, hasClass('practice-item')).flatMap((item) => elements(item, tagged('a')));
    expect(links.map((link) => link.attribs.href)).toEqual(
      practiceAreas.map((area) => `/practice-area/${area.url_param}`),
    );
  });

  for (const { url_param: slug, success_stories: stories = [] } of practiceAreas) {
    test(`/practice-area/${slug}/ has its breadcrumb, services and the consultation form`, () => {
      const page = builtPage(`/practice-area/${slug}/`);
      const breadcrumb = one(page, named('nav', 'Breadcrumb'));
      expect(linkNamed(breadcrumb, 'Services').attribs.href).toBe('/practice-areas');
      const current = one(breadcrumb, (element) => element.attribs['aria-current'] === 'page');
      expect(textOf(current)).not.toBe('');
      expect(childrenOf(one(page, hasClass('service-list')), tagged('li')).length).toBeGreaterThan(0);
      expect(headingsOf(page)).toContain('Request For Consultation');
      const successStories = elements(page, hasClass('success-stories'));
      expect(successStories.flatMap((section) => elements(section, tagged('li')))).toHaveLength(stories.length);
    });
  }
});

test.describe('careers', () => {
  test('lists the open positions with a count and an Apply link', () => {
    const page = builtPage('/careers/');
    const openPositions = headingsOf(page).filter((heading) => /Open Positions/.test(heading));
    expect(openPositions).toHaveLength(1);
    expect(openPositions[0]).toContain('(1)');
    expect(headingsOf(page)).toContain('Pupillage Programme 2025');
    expect(linkNamed(page, /Apply/).attribs.href).toBe('/careers/mno-pupillage-programme');
  });

  test('the pupillage page shows the role, four requirements and the deadline', () => {
    const page = builtPage('/careers/mno-pupillage-programme/');
    expect(linkNamed(page, /Back to careers/i).attribs.href).toBe('/careers');
    expect(headingsOf(page, 1)).toEqual(['Pupillage Programme 2025']);
    const requirements = one(one(page, hasClass('requirements')), tagged('ol'));
    expect(childrenOf(requirements, tagged('li'))).toHaveLength(4);
    expect(textOf(mainOf(page))).toContain('on or before 15th of September, 2024');
  });
});

test.describe('podcast', () => {
  const page = builtPage('/podcast/');

  test('lists the episodes; YouTube plays in a new tab, Spotify and Google Podcasts are unavailable', () => {
    expect(headingsOf(page, 1)).toEqual(['Listen To Our Informative and Engaging Podcast']);
    const body = one(page, tagged('body'));
    expect(elements(body, (element) => textOf(element) === 'Just Legal Podcast').length).toBeGreaterThan(0);
    expect(headingsOf(page)).toContain('Latest Episodes');
    const episodes = elements(page, hasClass('episode-row'));
    expect(episodes).toHaveLength(content('podcast-episodes.json').length);
    // Every episode, not only the first the browser test looked at.
    for (const episode of episodes) {
      expect(textOf(one(episode, hasClass('episode-row__time')))).toMatch(/^\d+ minutes$/);
      const youtube = linkNamed(episode, /YouTube/);
      expect(youtube.attribs.target).toBe('_blank');
      expect(youtube.attribs.href).toMatch(/youtube\.com\/watch/);
      for (const platform of ['Spotify', 'Google Podcasts']) {
        const button = one(episode, named('button', platform), platform);
        expect(button.attribs, platform).toHaveProperty('disabled');
      }
    }
  });

  test('the platform links: the video channel in a new tab, the other two to home', () => {
    const platforms = one(page, named('ul', 'Listen on'));
    expect(linkNamed(platforms, /YouTube/).attribs.target).toBe('_blank');
    expect(linkNamed(platforms, 'Spotify').attribs.href).toBe('/');
    expect(linkNamed(platforms, 'Google Podcasts').attribs.href).toBe('/');
  });
});

test('the contact page shows phones, office e-mails, socials, both offices with postal boxes and a lazy map', () => {
  const page = builtPage('/contact-us/');
  expect(headingsOf(page, 1)).toEqual(['Contact Us']);
  const main = mainOf(page);
  const links = elements(main, isLink);
  for (const phone of [site.phones.local, site.phones.international]) {
    expect(
      links.some((link) => nameOf(link).includes(phone)),
      phone,
    ).toBe(true);
  }
  const text = textOf(main);
  for (const office of site.offices) {
    const mail = links.find((link) => nameOf(link) === office.email);
    expect(mail?.attribs.href, office.email).toBe(`mailto:${office.email}`);
    expect(text).toContain(office.postalAddress);
  }
  expect(text).toContain('8th Floor, Africa House, Chania Avenue');
  expect(text).toContain('3rd Floor, Plaza, Kakamega-Kisumu Highway');
  for (const social of ['Facebook', 'X', 'Instagram', 'LinkedIn']) {
    expect(linkNamed(main, `${social} (opens in a new tab)`).attribs.target, social).toBe('_blank');
  }
  expect(one(one(page, hasClass('map')), tagged('iframe')).attribs.loading).toBe('lazy');
});
