// Search engines' view of every built page, read from dist/: the sitemap and
// robots.txt, valid HTML, titles, descriptions, canonical URLs, share tags and
// images, and structured data.
import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { validateHtmlFiles } from './html-validator.ts';
import { builtPage, DIST, readBuilt, siteOrigin, sitemapPages } from '../support/built-site.ts';
import { readPracticeAreas, readTeam } from '../support/content.ts';

const specRoutes = [
  '/',
  '/about/',
  '/team/',
  '/clients-and-partners/',
  '/careers/',
  '/careers/mno-pupillage-programme/',
  '/practice-areas/',
  '/practice-area/commercial-and-corporate-law/',
  '/practice-area/banking-and-securitization/',
  '/insights/',
  '/podcast/',
  '/contact-us/',
];

const meta = (html: string, attribute: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];

const jsonLd = (html: string): { '@type': string; [key: string]: unknown }[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));

test.describe('sitemap and robots', () => {
  test('the sitemap lists every route and article, and no error page', async () => {
    const paths = sitemapPages;
    for (const route of specRoutes) expect(paths).toContain(route);
    expect(paths.filter((path) => path.startsWith('/insight/')).length).toBeGreaterThanOrEqual(6);
    expect(paths.filter((path) => path.startsWith('/practice-area/'))).toHaveLength(readPracticeAreas().length);
    expect(paths.some((path) => path.includes('404'))).toBe(false);
  });

  test('robots.txt allows crawling and names the sitemap', () => {
    const robots = readBuilt('/robots.txt');
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain(`Sitemap: ${siteOrigin}/sitemap-index.xml`);
  });
});

test.describe('every page', () => {
  test('is valid HTML: html-validate over every page in dist/', async () => {
    test.setTimeout(120_000);
    const { pages, errors } = await validateHtmlFiles(fileURLToPath(DIST));
    // The sitemap's routes plus the two error pages, so an empty or stale dist/ cannot pass.
    expect(pages).toBeGreaterThanOrEqual(sitemapPages.length + 2);
    expect(errors).toEqual([]);
  });

  test('no two pages share a title', () => {
    const titles = new Map<string, string>();
    for (const path of sitemapPages) {
      const title = builtPage(path).html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
      expect(titles.get(title), `${path} shares its title with ${titles.get(title)}`).toBeUndefined();
      titles.set(title, path);
    }
  });

  for (const path of sitemapPages) {
    test(`${path} has a title, a description, a canonical URL, Open Graph and Twitter tags and a share image of its declared size`, async () => {
      const { html } = builtPage(path);
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
      const description = meta(html, 'name', 'description') ?? '';
      expect(title.length, `title "${title}"`).toBeGreaterThan(0);
      expect(title.length, `title "${title}"`).toBeLessThanOrEqual(60);
      expect(description.length, 'description').toBeGreaterThanOrEqual(50);
      expect(description.length, 'description').toBeLessThanOrEqual(160);
      expect(html).toContain(`<link rel="canonical" href="${siteOrigin}${path}">`);
      for (const key of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
        expect(meta(html, 'property', key), key).toBeTruthy();
      }
      const isArticle = /^\/insight\/(?!404)[^/]+\/?$/.test(path);
      expect(meta(html, 'property', 'og:type'), 'og:type').toBe(isArticle ? 'article' : 'website');
      for (const key of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
        expect(meta(html, 'name', key), key).toBeTruthy();
      }
      const image = new URL(meta(html, 'property', 'og:image')!);
      expect(image.origin, "the share image is the site's own").toBe(siteOrigin);
      const { width, height } = await sharp(fileURLToPath(new URL(`.${image.pathname}`, DIST))).metadata();
      const declared = [meta(html, 'property', 'og:image:width'), meta(html, 'property', 'og:image:height')].map(
        Number,
      );
      expect([width, height], 'the share image is the size the page declares').toEqual(declared);
      // Large link previews (Facebook, LinkedIn, X) want at least 1200 px across.
      expect(width).toBeGreaterThanOrEqual(1200);
    });
  }
});

test.describe('structured data', () => {
  test('the home page describes the firm as a LegalService with both offices', () => {
    const [firm] = jsonLd(builtPage('/').html).filter((data) => data['@type'] === 'LegalService');
    expect(firm).toBeDefined();
    const offices = firm!.department as {
      address: { addressLocality: string; streetAddress: string };
      telephone: string;
      geo: object;
      openingHoursSpecification: object;
    }[];
    expect(offices.map((office) => office.address.addressLocality)).toEqual(['Nairobi', 'Kakamega']);
    for (const office of offices) {
      expect(office.telephone).toMatch(/^\+254\d{9}$/);
      expect(office.geo).toMatchObject({ '@type': 'GeoCoordinates' });
      expect(office.openingHoursSpecification).toMatchObject({ opens: '08:00', closes: '17:00' });
    }
    expect(offices[0]!.address.streetAddress).toBe('8th Floor, Africa House, Chania Avenue');
  });

  test('the team page describes each member as a Person', () => {
    const people = jsonLd(builtPage('/team/').html).filter((data) => data['@type'] === 'Person');
    expect(people).toHaveLength(readTeam().length);
  });

  test('practice-area pages carry their breadcrumb', () => {
    const [trail] = jsonLd(builtPage('/practice-area/employment-law/').html).filter(
      (data) => data['@type'] === 'BreadcrumbList',
    );
    const items = (trail!.itemListElement as { name: string; item: string }[]).map((item) => [item.name, item.item]);
    expect(items[0]).toEqual(['Services', `${siteOrigin}/practice-areas`]);
    expect(items[1]![1]).toBe(`${siteOrigin}/practice-area/employment-law`);
  });

  test('article pages describe an Article', () => {
    const article = sitemapPages.find((path) => path.startsWith('/insight/'))!;
    const data = jsonLd(builtPage(article).html);
    expect(data.some((item) => item['@type'] === 'Article')).toBe(true);
  });
});
