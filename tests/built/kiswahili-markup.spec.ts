// The Kiswahili site under /sw/, as built: every page in both languages with
// lang, canonical URL, hreflang alternates and og:locale both ways; every link
// to a page in English only marked so; every English page's switcher; the
// sitemap listing both languages. Read from dist/ (the browser checks what a
// visitor meets: tests/e2e/kiswahili.spec.ts).
import { expect, test } from '@playwright/test';
import type { ChildNode, Element, Text } from 'domhandler';
import { builtPage, elements, readBuilt, siteOrigin, sitemapPages, textOf } from '../support/built-site.ts';
import { readPracticeAreas } from '../support/content.ts';
import podcastEpisodes from '../../src/content/podcast-episodes.json' with { type: 'json' };
import { interfaceText } from '../../src/content/interface-text.ts';
import { subscribeCopy } from '../../src/forms/subscribe/subscribe.ts';

const kiswahiliPages = sitemapPages.filter((path) => path.startsWith('/sw/'));
const englishPages = sitemapPages.filter((path) => !path.startsWith('/sw/'));
/** The English page of a Kiswahili one: /sw/about/ → /about/. */
const englishOf = (path: string) => path.replace(/^\/sw/, '') || '/';
/** Pages written in both languages, by their English path. */
const TRANSLATED = /^\/(about\/|practice-areas\/|practice-area\/[^/]+\/|contact-us\/|tools\/property-costs\/)?$/;

function head(path: string) {
  const page = builtPage(path);
  const linked = (rel: string) => elements(page, (element) => element.name === 'link' && element.attribs.rel === rel);
  const metas = (property: string) =>
    elements(page, (element) => element.name === 'meta' && element.attribs.property === property).map(
      (element) => element.attribs.content,
    );
  return {
    lang: elements(page, (element) => element.name === 'html')[0]?.attribs.lang,
    canonical: linked('canonical')[0]?.attribs.href,
    alternates: Object.fromEntries(
      linked('alternate')
        .filter((link) => link.attribs.hreflang)
        .map((link) => [link.attribs.hreflang, link.attribs.href]),
    ),
    locale: metas('og:locale')[0],
    alternateLocales: metas('og:locale:alternate'),
  };
}

test('the Kiswahili site has every page written in both languages, one per practice area', () => {
  const expected = ['/sw/', '/sw/about/', '/sw/practice-areas/', '/sw/contact-us/', '/sw/tools/property-costs/'];
  for (const path of expected) expect(kiswahiliPages).toContain(path);
  expect(kiswahiliPages.filter((path) => path.startsWith('/sw/practice-area/'))).toHaveLength(
    readPracticeAreas().length,
  );
  expect(kiswahiliPages).toHaveLength(expected.length + readPracticeAreas().length);
});

test('the sitemap lists each Kiswahili page beside its English counterpart, with hreflang alternates', () => {
  for (const path of kiswahiliPages) expect(englishPages, path).toContain(englishOf(path));
  const xml = readBuilt('/sitemap-0.xml');
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="sw" href="${siteOrigin}/sw/about/"/>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${siteOrigin}/about/"/>`);
});

for (const path of kiswahiliPages) {
  test(`${path} is in Kiswahili, with lang="sw", its canonical URL and its alternates both ways`, () => {
    const english = englishOf(path);
    const alternates = {
      en: `${siteOrigin}${english}`,
      sw: `${siteOrigin}${path}`,
      'x-default': `${siteOrigin}${english}`,
    };
    expect(head(path)).toEqual({
      lang: 'sw',
      canonical: `${siteOrigin}${path}`,
      alternates,
      locale: 'sw_KE',
      alternateLocales: ['en_KE'],
    });
    expect(head(english)).toEqual({
      lang: 'en',
      canonical: `${siteOrigin}${english}`,
      alternates,
      locale: 'en_KE',
      alternateLocales: ['sw_KE'],
    });
  });

  test(`${path} marks each link to a page in English only, and links no English page that has a Kiswahili one`, () => {
    const links = elements(builtPage(path), (element) => element.name === 'a' && Boolean(element.attribs.href));
    const toEnglish = links.filter(
      (link) => link.attribs.hreflang === 'en' && !('data-language-switch' in link.attribs),
    );
    expect(toEnglish.length).toBeGreaterThan(0);
    for (const link of toEnglish) {
      expect(link.attribs.href, textOf(link)).not.toMatch(/^\/sw\//);
      expect(textOf(link), link.attribs.href).toContain('(kwa Kiingereza)');
    }
    for (const link of links) {
      const href = link.attribs.href!;
      if (link.attribs.hreflang || !href.startsWith('/') || href.startsWith('/_astro/') || href.startsWith('/sw/'))
        continue;
      expect(TRANSLATED.test(href.endsWith('/') ? href : `${href}/`), href).toBe(false);
    }
  });
}

test('every Kiswahili page has its header and footer in Kiswahili, linking the Kiswahili pages', () => {
  /** The href of the link named `name` within `scope`, by its text. */
  const hrefOf = (scope: Element, name: string) =>
    elements(scope, (element) => element.name === 'a' && textOf(element) === name)[0]?.attribs.href;
  for (const path of kiswahiliPages) {
    const page = builtPage(path);
    const [header] = elements(page, (element) => element.name === 'header');
    const [footer] = elements(page, (element) => element.name === 'footer');
    const [nav] = elements(
      header!,
      (element) => element.name === 'nav' && element.attribs['aria-label'] === 'Menyu kuu',
    );
    expect(nav, path).toBeDefined();
    expect(
      {
        home: hrefOf(nav!, 'Mwanzo'),
        podcast: hrefOf(nav!, 'Podikasti (kwa Kiingereza)'),
        contact: hrefOf(header!, 'Wasiliana Nasi'),
        logo: elements(header!, (element) => element.name === 'a' && textOf(element).endsWith('ukurasa wa mwanzo'))[0]
          ?.attribs.href,
        quickLinks: elements(footer!, (element) => /^h[2-4]$/.test(element.name)).map(textOf),
        about: hrefOf(footer!, 'Kuhusu Sisi'),
        footerContact: hrefOf(footer!, 'Wasiliana Nasi'),
        insights: hrefOf(footer!, 'Makala (kwa Kiingereza)'),
      },
      path,
    ).toEqual({
      home: '/sw/',
      podcast: '/podcast',
      contact: '/sw/contact-us',
      logo: '/sw/',
      quickLinks: expect.arrayContaining(['Viungo muhimu']),
      about: '/sw/about',
      footerContact: '/sw/contact-us',
      insights: '/insights',
    });
  }
});

test('a Kiswahili practice area names its services in Kiswahili and keeps the consultation form beside the alerts', () => {
  const page = builtPage('/sw/practice-area/employment-law/');
  const [breadcrumb] = elements(
    page,
    (element) => element.name === 'nav' && element.attribs['aria-label'] === 'Njia ya ukurasa',
  );
  const forms = elements(page, (element) => element.name === 'form');
  const [consultation] = elements(page, (element) =>
    (element.attribs.class ?? '').split(' ').includes('practice-body__form'),
  );
  expect({
    headings: elements(page, (element) => element.name === 'h2').map(textOf),
    breadcrumb: elements(breadcrumb!, (element) => element.name === 'a').map((link) => link.attribs.href),
    forms: forms.length,
    consultationForms: elements(consultation!, (element) => element.name === 'form').length,
    alerts: forms.filter((form) => form.attribs['aria-label'] === subscribeCopy.sw.name).length,
  }).toEqual({
    headings: expect.arrayContaining(['Jinsi tunavyokusaidia', 'Omba Ushauri']),
    breadcrumb: ['/sw/practice-areas'],
    forms: 2,
    consultationForms: 1,
    alerts: 1,
  });
  expect(textOf(elements(page, (element) => element.name === 'main')[0]!)).toContain(
    'Mahakama ya Ajira na Mahusiano ya Kazi',
  );
});

test('every English page’s switcher goes to its Kiswahili counterpart, or to the Kiswahili home page', () => {
  for (const path of englishPages) {
    const { html } = builtPage(path);
    const target = TRANSLATED.test(path) ? (path === '/' ? '/sw/' : `/sw${path}`) : '/sw/';
    expect(html, path).toMatch(
      new RegExp(`<a class="language-switch" href="${target}" hreflang="sw" lang="sw"[^>]*>[\\s\\S]*?Kiswahili</a>`),
    );
    expect(html, path).toContain('<html lang="en"');
  }
});

/**
 * Phrases a Kiswahili reader found copied word for word from the English, each since rewritten
 * (e.g. "amana" for a deposit, when the site uses it for trusts; now "malipo ya awali").
 */
const LITERAL_PHRASES = [
  'afya ya kisheria',
  'hujalipa amana',
  'Wepesi na Uharaka',
  'barua pepe mapema',
  'Huduma ya Karibu',
  'chini ya paa moja',
  'ofisi ya jirani',
  'wa kutisha',
  'makadirio ya maandishi',
  'ukaaji wa kudumu',
  'Rehani juu ya ardhi',
];

test('no Kiswahili page keeps a phrase that read as translated from the English', () => {
  for (const path of kiswahiliPages) {
    const text = textOf(elements(builtPage(path), (element) => element.name === 'body')[0]!).toLowerCase();
    for (const phrase of LITERAL_PHRASES) expect(text, `${path}: “${phrase}”`).not.toContain(phrase.toLowerCase());
  }
});

/** Text on a page, and accessible names, with whether an element marked lang="en" holds them. */
function wordsOf(path: string): Array<{ text: string; english: boolean; name?: true }> {
  const found: Array<{ text: string; english: boolean; name?: true }> = [];
  const walk = (nodes: ChildNode[], english: boolean) => {
    for (const node of nodes) {
      if (node.type === 'text') found.push({ text: (node as Text).data, english });
      if (node.type !== 'tag') continue;
      const element = node as Element;
      if (element.name === 'script' || element.name === 'style' || element.name === 'head') continue;
      const inEnglish = element.attribs.lang ? element.attribs.lang === 'en' : english;
      if (element.attribs['aria-label'])
        found.push({ text: element.attribs['aria-label'], english: inEnglish, name: true });
      walk(element.children, inEnglish);
    }
  };
  walk(builtPage(path).document.children, false);
  return found;
}

test('on Kiswahili pages no English category or practice-area name is left outside lang="en"', () => {
  const categories = sitemapPages
    .map((path) => /^\/insights\/category\/([^/]+)\/$/.exec(path)?.[1])
    .filter((slug): slug is string => Boolean(slug))
    .map((slug) => slug.replaceAll('-', ' '));
  const practiceAreas = readPracticeAreas().map((area) => area.title);
  const names = [...categories, ...practiceAreas].map((name) => name.toLowerCase());
  expect(categories.length).toBeGreaterThan(3);
  // Collected, then asserted once: an expect per text node and name costs seconds.
  const left = kiswahiliPages.flatMap((path) =>
    wordsOf(path)
      .filter(({ text, english }) => {
        const lower = text.replace(/\s+/g, ' ').toLowerCase();
        return !english && names.some((name) => lower.includes(name));
      })
      .map(({ text }) => `${path}: “${text.trim()}”`),
  );
  expect(left).toEqual([]);
});

test('on Kiswahili pages accessible names are wholly Kiswahili: no English episode title, no “Close video”', () => {
  const english = [...podcastEpisodes.map((episode) => episode.title), interfaceText.en.home.video.close];
  const names = kiswahiliPages.flatMap((path) =>
    wordsOf(path)
      .filter(({ name, english: marked }) => name && !marked)
      .map(({ text }) => ({ path, text })),
  );
  expect(names.length).toBeGreaterThan(kiswahiliPages.length);
  const left = names.filter(({ text }) => english.some((words) => text.includes(words)));
  expect(left.map(({ path, text }) => `${path}: aria-label “${text}”`)).toEqual([]);
});

test('on Kiswahili pages a section that keeps English text says so before it: “(kwa Kiingereza)”', () => {
  const unmarked: string[] = [];
  for (const path of kiswahiliPages) {
    const page = builtPage(path);
    for (const section of elements(page, (element) => element.name === 'section')) {
      // An address is a name, not text to read in another language.
      const english = elements(
        section,
        (element) => element.attribs.lang === 'en' && element.name !== 'address' && textOf(element) !== '',
      );
      const text = textOf(section);
      const mark = text.indexOf('(kwa Kiingereza)');
      if (english.length && (mark < 0 || mark > text.indexOf(textOf(english[0]!))))
        unmarked.push(`${path} section “${textOf(section).slice(0, 60)}…”: ${textOf(english[0]!).slice(0, 60)}`);
    }
  }
  expect(unmarked).toEqual([]);
});
