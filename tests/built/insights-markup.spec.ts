// The articles as built, read from dist/: the home page's teaser, every page
// of /insights and its pager, every category's list, a practice area's latest
// articles, the article page and the unknown article's empty one, the RSS feed,
// and the sitemap. Storing the list, the card's click target and the status
// codes need a browser or the server: tests/e2e/insights.spec.ts.
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import { expect, test } from '@playwright/test';
import type { Element } from 'domhandler';
import { INSIGHTS_PAGE_SIZE, categorySlug } from '../../src/lib/articles/pages.ts';
import { RECENT_ARTICLES } from '../../src/lib/articles/query.ts';
import {
  builtPage,
  childrenOf,
  elements,
  hasClass,
  headingsOf,
  landmark,
  linkNamed,
  linksNamed,
  named,
  one,
  pageOf,
  readBuilt,
  sitemapLocations,
  tagged,
  textOf,
  visitorPages,
  type BuiltPage,
} from '../support/built-site.ts';
import { e2eArticles, sampleArticles } from '../e2e/support/articles.ts';

/** The content service answers oldest first; the site shows newest first. */
const newestFirst = [...e2eArticles].reverse();
const bySlug = (slug: string) => sampleArticles.find((article) => article.articleSlug === slug)!;
const pageCount = Math.ceil(e2eArticles.length / INSIGHTS_PAGE_SIZE);
const spaced = (category: string) => category.replace(/_/g, ' ');

const WITH_DATE = 'registering-with-the-odpc'; // articleDate 2023-11-08
const WITHOUT_DATE = 'kenya-digital-nomad-permit-class-n'; // no articleDate; updatedAt 2024-10-29T22:15Z

const cardsOf = (scope: BuiltPage | Element) => elements(scope, hasClass('insight-card'));
const slugsOf = (scope: BuiltPage | Element) => cardsOf(scope).map((card) => card.attribs['data-slug']);
const textIn = (scope: BuiltPage | Element, className: string) => textOf(one(scope, hasClass(className), className));

test('the home page’s teaser shows the three newest articles with their categories, each linking to its page', () => {
  const teaser = one(builtPage('/'), (element) => element.attribs['data-section'] === 'articles');
  expect(headingsOf(teaser)).toContain('Fresh off Our Legal Press');
  const cards = elements(teaser, hasClass('article-card'));
  expect(cards).toHaveLength(3);
  for (const [index, article] of newestFirst.slice(0, 3).entries()) {
    const card = cards[index]!;
    expect(card.attribs.href).toBe(`/insight/${article.articleSlug}`);
    expect(textOf(card)).toContain(article.articleTitle);
    expect(textIn(card, 'article-card__category')).toBe(spaced(article.articleCategory));
    expect(elements(card, tagged('img'))).toHaveLength(1);
  }
  expect(linkNamed(teaser, 'Read More Articles').attribs.href).toBe('/insights');
});

test.describe('article list (/insights)', () => {
  const listPages = Array.from({ length: pageCount }, (_, index) => (index ? `/insights/${index + 1}/` : '/insights/'));

  test('introduces the blog and lists the newest articles first, each with "Read more", on every page', () => {
    for (const [index, path] of listPages.entries()) {
      const page = builtPage(path);
      expect(textOf(one(one(page, hasClass('page-hero')), hasClass('eyebrow'))), path).toBe('Explore Our Blog');
      expect(headingsOf(page, 1), path).toEqual(['Demystifying the Law: Legal Insights You can Use']);
      expect(headingsOf(page, 2), path).toContain('All Articles');
      const listed = newestFirst.slice(index * INSIGHTS_PAGE_SIZE, (index + 1) * INSIGHTS_PAGE_SIZE);
      expect(slugsOf(page), path).toEqual(listed.map((article) => article.articleSlug));
      for (const [position, card] of cardsOf(page).entries()) {
        const article = listed[position]!;
        expect(textIn(card, 'insight-card__category'), article.articleSlug).toBe(spaced(article.articleCategory));
        expect(headingsOf(card), article.articleSlug).toEqual([article.articleTitle]);
        expect(elements(one(card, hasClass('insight-card__media')), tagged('img'))).toHaveLength(1);
        expect(textIn(card, 'insight-card__summary'), article.articleSlug).not.toBe('');
        expect(linkNamed(card, /^Read more/).attribs.href).toBe(`/insight/${article.articleSlug}`);
      }
      linkNamed(page, "Let's Talk");
      landmark(page, 'footer');
    }
    // "All" in the categories leads here: a full page.
    expect(cardsOf(builtPage('/insights/'))).toHaveLength(INSIGHTS_PAGE_SIZE);
  });

  test('pages through every article, newest first, with "Next" and "Previous" and the current page marked', () => {
    const pager = (page: BuiltPage) => one(page, named('nav', 'All Articles: pages'));
    const listed: string[] = [];
    let page = builtPage('/insights/');
    for (let number = 1; number <= pageCount; number++) {
      expect(linkNamed(pager(page), `Page ${number}`).attribs['aria-current'], page.path).toBe('page');
      expect(linksNamed(pager(page), 'Previous page'), page.path).toHaveLength(number > 1 ? 1 : 0);
      listed.push(...slugsOf(page));
      if (number < pageCount) {
        const next = linkNamed(pager(page), 'Next page').attribs.href!;
        expect(next).toMatch(new RegExp(`^/insights/${number + 1}/?$`));
        page = pageOf(next);
      } else {
        expect(linksNamed(pager(page), 'Next page')).toHaveLength(0);
      }
    }
    expect(listed).toEqual(newestFirst.map((article) => article.articleSlug));
    expect(linkNamed(pager(page), 'Previous page').attribs.href).toMatch(new RegExp(`^/insights/${pageCount - 1}/?$`));
    expect(linkNamed(pager(page), 'Page 1').attribs.href).toMatch(/^\/insights\/?$/);
  });
});

test.describe('article categories and practice areas', () => {
  const employment = newestFirst.filter((article) => article.articleCategory === 'Employment_Law');
  const categories = [...new Set(newestFirst.map((article) => article.articleCategory))];

  test('a card’s category links to that category’s list', () => {
    const card = one(
      builtPage('/insights/'),
      (element) => element.attribs['data-slug'] === employment[0]!.articleSlug,
      'the newest employment card',
    );
    expect(linkNamed(card, 'Employment Law').attribs.href).toBe('/insights/category/employment-law');
  });

  for (const category of categories) {
    const slug = categorySlug(category);
    test(`/insights/category/${slug}/ lists its articles newest first, with the category marked`, () => {
      const page = builtPage(`/insights/category/${slug}/`);
      const name = spaced(category);
      expect(headingsOf(page, 1)).toEqual([name]);
      expect(textOf(one(page, tagged('title')))).toMatch(new RegExp(`^${name} Insights`));
      const inCategory = newestFirst.filter((article) => article.articleCategory === category);
      expect(slugsOf(page)).toEqual(inCategory.slice(0, INSIGHTS_PAGE_SIZE).map((article) => article.articleSlug));
      const nav = one(page, named('nav', 'Article categories'));
      expect(linkNamed(nav, new RegExp(`^${name}`)).attribs['aria-current']).toBe('page');
      expect(linkNamed(nav, 'All').attribs.href).toBe('/insights');
    });
  }

  test('a practice area’s page shows its latest articles, from the categories mapped to it', () => {
    const related = one(
      builtPage('/practice-area/employment-law/'),
      (element) => element.name === 'section' && headingsOf(element).includes('Latest on employment law'),
      'the latest articles',
    );
    expect(slugsOf(related)).toEqual(employment.slice(0, 3).map((article) => article.articleSlug));
    expect(linkNamed(related, 'More articles').attribs.href).toBe('/insights/category/employment-law');
  });
});

test.describe('article page (/insight/:slug)', () => {
  test('shows category, title, author, date, reading time and the body', () => {
    const article = bySlug(WITH_DATE);
    const page = builtPage(`/insight/${WITH_DATE}/`);
    const view = one(page, (element) => element.name === 'article' && hasClass('article')(element));
    expect(textIn(view, 'article-hero__category')).toBe('Data Protection');
    expect(headingsOf(page, 1)).toEqual([article.articleTitle]);
    expect(textIn(view, 'article-byline__author')).toBe(article.authorName);
    expect(one(view, hasClass('article-byline__avatar')).attribs.src).toBe(article.authorImage.url);
    const date = one(view, hasClass('article-byline__date'));
    expect([textOf(date), date.attribs.datetime]).toEqual(['November 8, 2023', '2023-11-08']);
    expect(textIn(view, 'article-byline__reading')).toBe(`${article.approximateTimeOfRead} min read`);
    const figure = one(view, (element) => element.name === 'img' && hasClass('article__figure')(element));
    expect(figure.attribs.src).toBe('/images/articles/registering-with-the-odpc.svg');

    const body = one(view, hasClass('prose'));
    expect(headingsOf(body, 2)).toContain('Who must register');
    expect(elements(body, tagged('blockquote'))).toHaveLength(1);
    expect(elements(body, tagged('ul')).flatMap((list) => childrenOf(list, tagged('li'))).length).toBeGreaterThan(0);
    expect(linkNamed(body, 'ODPC website').attribs.target).toBe('_blank');
  });

  test('dates an article without articleDate by its last update', () => {
    const page = builtPage(`/insight/${WITHOUT_DATE}/`);
    expect(textIn(page, 'article-byline__date')).toBe('October 29, 2024');
    expect(textIn(page, 'article-hero__category')).toBe('Immigration');
  });

  test('has its own title, a short description and Article structured data', () => {
    const article = bySlug(WITH_DATE);
    const page = builtPage(`/insight/${WITH_DATE}/`);
    // The article's title, shortened at a word when too long for search results, maybe with the firm's name.
    const title = textOf(one(page, tagged('title')))
      .replace(/ \| MNO Advocates$/, '')
      .replace(/…$/, '');
    expect(title.length).toBeGreaterThan(20);
    expect(article.articleTitle.startsWith(title)).toBe(true);
    const description = one(page, (element) => element.name === 'meta' && element.attribs.name === 'description');
    expect(description.attribs.content?.length).toBeGreaterThan(50);
    expect(description.attribs.content!.length).toBeLessThanOrEqual(160);
    const jsonLd = elements(
      page,
      (element) => element.name === 'script' && element.attribs.type === 'application/ld+json',
    ).map((script) => JSON.parse(textOf(script)));
    expect(jsonLd.find((data) => data['@type'] === 'Article')).toMatchObject({
      headline: article.articleTitle,
      author: { '@type': 'Person', name: article.authorName },
      datePublished: '2023-11-08',
      publisher: { name: expect.stringContaining('Advocates') },
    });
  });

  test('the unknown article’s page is the article layout, empty, with no message and kept out of search', () => {
    // What the server answers for /insight/<unknown> (tests/e2e/insights.spec.ts checks that it does).
    const page = builtPage('/insight/404/');
    landmark(page, 'header');
    landmark(page, 'footer');
    one(page, (element) => element.name === 'article' && hasClass('article')(element));
    expect(headingsOf(page, 1)).toEqual(['']);
    for (const part of ['article-hero__category', 'article-byline__author', 'article-byline__date']) {
      expect(textIn(page, part), part).toBe('');
    }
    expect(one(page, hasClass('prose')).children).toEqual([]);
    expect(textOf(one(page, tagged('main')))).not.toMatch(/not found|error|404|does not exist/i);
    const robots = one(page, (element) => element.name === 'meta' && element.attribs.name === 'robots');
    expect(robots.attribs.content).toBe('noindex');
  });
});

test.describe('feeds', () => {
  test('/rss.xml is valid RSS listing the newest articles first with absolute links', () => {
    // Any error stops the parse and throws, as a browser's parser reports it.
    const feed = new DOMParser({ onError: onErrorStopParsing }).parseFromString(
      readBuilt('/rss.xml'),
      'application/xml',
    );
    expect(feed.documentElement?.nodeName).toBe('rss');
    const links = Array.from(feed.getElementsByTagName('item')).flatMap((item) =>
      Array.from(item.childNodes)
        .filter((node) => node.nodeName === 'link')
        .map((link) => link.textContent ?? ''),
    );
    expect(links.map((link) => new URL(link).pathname)).toEqual(
      newestFirst.slice(0, RECENT_ARTICLES).map((article) => `/insight/${article.articleSlug}`),
    );
    for (const link of links) expect(link).toMatch(/^https?:\/\//);
  });

  test('every page links the feed from its head', () => {
    expect(visitorPages.length).toBeGreaterThan(40);
    for (const page of visitorPages) {
      const head = one(page, tagged('head'));
      const feed = one(
        head,
        (element) =>
          element.name === 'link' &&
          element.attribs.rel === 'alternate' &&
          element.attribs.type === 'application/rss+xml',
        `${page.path} feed link`,
      );
      expect(feed.attribs.href, page.path).toMatch(/\/rss\.xml$/);
    }
  });

  test('the sitemap lists every article and leaves out the not-found pages', () => {
    for (const article of e2eArticles) expect(sitemapLocations).toContain(`/insight/${article.articleSlug}/`);
    expect(sitemapLocations).toContain('/insights/');
    expect(sitemapLocations.filter((path) => /(^|\/)404(\/|$)/.test(path))).toEqual([]);
  });
});
