// Every internal link and asset on every built page resolves to a file of the
// build: read from dist/, so all pages are checked in milliseconds.
import { existsSync, statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Element } from 'domhandler';
import { builtPages, DIST, elements, siteOrigin, type BuiltPage } from '../support/built-site.ts';

/** The attributes that name a URL the browser follows or fetches. */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'content'] as const;

/** Every URL on the page that points into the site itself, absolute ones to the site's origin included. */
function internalUrls(page: BuiltPage): string[] {
  const urls: string[] = [];
  // The page's own address (canonical, og:url) is checked by seo-and-markup.spec.ts; an error page has none to resolve.
  const selfReference = (element: Element) =>
    (element.name === 'link' && element.attribs.rel === 'canonical') || element.attribs.property === 'og:url';
  for (const element of elements(page, (element) => !selfReference(element))) {
    const values = URL_ATTRIBUTES.filter((name) => name !== 'content' || element.name === 'meta')
      .map((name) => element.attribs[name])
      .filter((value): value is string => Boolean(value));
    const srcset = element.attribs.srcset ?? element.attribs.imagesrcset;
    if (srcset) values.push(...srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!));
    for (const value of values) {
      if (element.name === 'meta' && !/^(https?:)?\//.test(value)) continue;
      if (value.startsWith('//') || /^(mailto|tel|data|javascript):/i.test(value)) continue;
      const url = new URL(value, `${siteOrigin}${page.path}`);
      if (url.origin === siteOrigin && (value.startsWith('/') || value.startsWith(siteOrigin) || !/^\w+:/.test(value)))
        urls.push(decodeURIComponent(url.pathname));
    }
  }
  return [...new Set(urls)];
}

/** Whether the static host answers `path` from the build: the file, or the folder's index.html. */
function served(path: string): boolean {
  const file = new URL(`.${path}`, DIST);
  if (existsSync(file) && statSync(file).isFile()) return true;
  return existsSync(new URL(`.${path.replace(/\/?$/, '/')}index.html`, DIST));
}

test('the build has pages to check', () => {
  expect(builtPages.length).toBeGreaterThan(40);
});

test('every internal link and asset on every page resolves', () => {
  const broken: string[] = [];
  for (const page of builtPages) {
    const urls = internalUrls(page);
    for (const url of urls) if (!served(url)) broken.push(`${page.path} → ${url}`);
    // The frame alone (header, footer, favicon) links to a dozen pages and files: the page was read. The staff
    // desk's pages have a frame of their own, its favicon, stylesheet and script.
    if (!page.path.includes('404')) {
      expect(urls, page.path).toContain('/favicon.svg');
      expect(urls.length, page.path).toBeGreaterThanOrEqual(page.path.startsWith('/staff/') ? 3 : 12);
    }
  }
  expect(broken).toEqual([]);
});
