// The site the browser tests serve, as built into dist/: its sitemap's pages,
// one route of each template (the bench's list), and every HTML page on disk,
// parsed, for the checks that need no browser (tests/built/); and finders that
// name elements as a visitor's tools do (headings, links by name, landmarks).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument, DomUtils } from 'htmlparser2';
import { isTag, type Document, type Element } from 'domhandler';
import { resolveRoutes, ROUTES } from '../../scripts/bench/routes.ts';
import { generatedArticlePaths } from '../e2e/support/articles.ts';

export const DIST = new URL('../../dist/', import.meta.url);

/** The origin the build writes into canonical URLs, sitemaps and share images. */
export const siteOrigin = process.env.SITE_URL ?? 'http://localhost:8888';

const locations = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);

/** A file of the build, as text. */
export const readBuilt = (path: string) => readFileSync(new URL(`.${path}`, DIST), 'utf8');

/**
 * Every page the built sitemaps list, as paths. Read while the tests are
 * collected: Playwright starts the web server, which builds, first.
 */
export const sitemapLocations: readonly string[] = (() => {
  if (!existsSync(new URL('sitemap-index.xml', DIST))) {
    throw new Error('dist/sitemap-index.xml is missing: these tests read the build (npm run test:e2e builds it).');
  }
  return locations(readBuilt('/sitemap-index.xml')).flatMap((sitemap) => locations(readBuilt(sitemap)));
})();

/** The sitemap's pages less the generated articles' (the sample articles' pages stand for their template). */
export const sitemapPages: readonly string[] = sitemapLocations.filter((path) => !generatedArticlePaths.has(path));

/** One page of each template, in each language it exists in: what the browser loops visit. */
export const templateRoutes: readonly string[] = resolveRoutes(ROUTES, {
  articlePages: sitemapPages.filter((path) => /^\/insight\/[^/]+\/$/.test(path)),
  categoryPages: sitemapPages.filter((path) => path.startsWith('/insights/category/')),
}).map((route) => (route.endsWith('/') ? route : `${route}/`));

/**
 * The template routes worth a browser at `width`: all of them on a phone; on a desktop the English ones,
 * since a Kiswahili page shares its template and its longer words are tightest on the narrow screen.
 */
export const templateRoutesAt = (width: number): readonly string[] =>
  width >= 960 ? templateRoutes.filter((path) => !path.startsWith('/sw/')) : templateRoutes;

export interface BuiltPage {
  /** The URL path it is served at: /about/, /404.html. */
  path: string;
  html: string;
  document: Document;
}

/** Every HTML file of the build, generated articles and error pages included. */
export const builtPages: readonly BuiltPage[] = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => {
    const file = `/${relative(fileURLToPath(DIST), join(entry.parentPath, entry.name))}`;
    const path = file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file;
    const html = readFileSync(new URL(`.${file}`, DIST), 'utf8');
    return { path, html, document: parseDocument(html) };
  })
  .sort((a, b) => a.path.localeCompare(b.path));

/** The pages visitors read, in the site's layout: all but the draft preview's and the staff desk's own. */
export const visitorPages: readonly BuiltPage[] = builtPages.filter(
  (page) => !page.path.startsWith('/preview/') && !page.path.startsWith('/staff/'),
);

/** The built page served at `path` (a sitemap path). */
export function builtPage(path: string): BuiltPage {
  const page = builtPages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`no page in dist/ at ${path}`);
  return page;
}

/** Elements of a page, or within an element, matching `test`, in document order. */
export const elements = (scope: BuiltPage | Element, test: (element: Element) => boolean): Element[] =>
  DomUtils.findAll(test, 'document' in scope ? scope.document.children : [scope]);

export const textOf = (element: Element) => DomUtils.textContent(element).replace(/\s+/g, ' ').trim();

/** Elements named `name`: tagged('img'). */
export const tagged = (name: string) => (element: Element) => element.name === name;

/** Elements whose class list holds `name`. */
export const hasClass = (name: string) => (element: Element) =>
  (element.attribs.class ?? '').split(/\s+/).includes(name);

const isHeading = (element: Element) => /^h[1-6]$/.test(element.name);

/** The text of the headings in `scope`, of one level or of all, in document order. */
export const headingsOf = (scope: BuiltPage | Element, level?: number): string[] =>
  elements(scope, level ? tagged(`h${level}`) : isHeading).map(textOf);

export const isLink = (element: Element) => element.name === 'a' && element.attribs.href !== undefined;

/** The child elements of `element` that pass `test`: the CSS `>` combinator. */
export const childrenOf = (element: Element, test: (child: Element) => boolean): Element[] =>
  element.children.filter(isTag).filter(test);

/** The only element found, as a strict Playwright locator wants it: none, or two, throw. */
function single(found: Element[], what: string): Element {
  if (found.length !== 1) throw new Error(`${found.length} elements match, not one: ${what}`);
  return found[0]!;
}

/** The one element of `scope` that passes `test`: none, or two, throw. */
export const one = (scope: BuiltPage | Element, test: (element: Element) => boolean, what = 'element'): Element =>
  single(elements(scope, test), what);

/** An element's accessible name as the site's markup gives it: its aria-label, else its text (visually hidden too). */
export const nameOf = (element: Element) => element.attribs['aria-label'] ?? textOf(element);

/** `<tag>` elements named `name`: named('nav', 'Breadcrumb'). */
export const named = (tag: string, name: string) => (element: Element) =>
  element.name === tag && nameOf(element) === name;

/** The links in `scope` whose accessible name is `name`, or matches it. */
export const linksNamed = (scope: BuiltPage | Element, name: string | RegExp): Element[] =>
  elements(
    scope,
    (element) => isLink(element) && (typeof name === 'string' ? nameOf(element) === name : name.test(nameOf(element))),
  );

/** The one link in `scope` named `name`: none, or two, throw. */
export const linkNamed = (scope: BuiltPage | Element, name: string | RegExp): Element =>
  single(linksNamed(scope, name), `a link named ${String(name)}`);

/** The page a site link's href leads to, as builtPage() names it: /insights/2 → /insights/2/. */
export const pageOf = (href: string) => builtPage(href.endsWith('/') ? href : `${href}/`);

/**
 * The page's banner or content info: its <header> or <footer> outside any article, aside, main, nav or section
 * (the roles Playwright's getByRole('banner') and ('contentinfo') find).
 */
export function landmark(page: BuiltPage, name: 'header' | 'footer'): Element {
  const sectioning = new Set(['article', 'aside', 'main', 'nav', 'section']);
  const outside = (element: Element): boolean => {
    const parent = element.parent;
    return !parent || !isTag(parent) || (!sectioning.has(parent.name) && outside(parent));
  };
  return one(page, (element) => element.name === name && outside(element), `${page.path} <${name}> landmark`);
}
