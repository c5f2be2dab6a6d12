// The article alerts form (issue 40) as built into every page that carries it:
// the insights lists, every category page and article page, every practice
// area in English and Kiswahili; in the page's language, offering the
// categories the site shows with the page's own ticked, the consent naming the
// firm, and hydrated only near the reader (tests/e2e/article-alerts.spec.ts
// sends it in a browser). What it offers is the build's list of categories,
// the one the subscribe function accepts (dist/insights/categories.json); a
// category without a Kiswahili name is offered in English, marked lang="en".
import { expect, test } from '@playwright/test';
import type { Element } from 'domhandler';
import { subscribeCopy } from '../../src/forms/subscribe/subscribe.ts';
import { CATEGORY_LIST_PATH, parseCategoryList } from '../../src/lib/articles/category-list.ts';
import { categoryName } from '../../src/lib/articles/category-names.ts';
import { categorySlug } from '../../src/lib/articles/pages.ts';
import type { Language } from '../../src/lib/i18n/languages.ts';
import { site } from '../../src/site.config.ts';
import {
  builtPage,
  builtPages,
  elements,
  readBuilt,
  sitemapPages,
  textOf,
  type BuiltPage,
} from '../support/built-site.ts';
import { readPracticeAreas } from '../support/content.ts';
import { e2eArticles } from '../e2e/support/articles.ts';

/** The categories the site shows: those with a list of their own. */
const shown = sitemapPages
  .map((path) => /^\/insights\/category\/([^/]+)\/$/.exec(path)?.[1])
  .filter((slug): slug is string => Boolean(slug));

/** The categories the build handed the functions, by slug: their CMS names. */
const listed = new Map(parseCategoryList(readBuilt(CATEGORY_LIST_PATH)).map((name) => [categorySlug(name), name]));

/** What the page's alerts form offers, as a reader and the function meet it. */
function alertsForm(page: BuiltPage) {
  const forms = elements(
    page,
    (element) => element.name === 'form' && element.attribs.class?.includes('subscribe-form'),
  );
  expect(forms, `${page.path}: one alerts form`).toHaveLength(1);
  const form = forms[0]!;
  const inputs = (name: string) =>
    elements(form, (element) => element.name === 'input' && element.attribs.name === name);
  const labelElement = (input: Element) =>
    elements(form, (element) => element.name === 'label' && element.attribs.for === input.attribs.id)[0]!;
  const labelOf = (input: Element) => textOf(labelElement(input));
  const boxes = inputs('categories');
  const legend = elements(form, (element) => element.name === 'legend')[0];
  return {
    form,
    island: form.parent as Element,
    lang: elements(page, (element) => element.name === 'html')[0]?.attribs.lang,
    email: inputs('email')[0]?.attribs,
    emailLabel: labelOf(inputs('email')[0]!),
    legend: legend && textOf(legend),
    categories: boxes.map((box) => ({
      slug: box.attribs.value,
      label: labelOf(box),
      labelLang: labelElement(box).attribs.lang,
      ticked: 'checked' in box.attribs,
    })),
    consent: inputs('consent')[0]?.attribs,
    consentLabel: labelOf(inputs('consent')[0]!),
    honey: inputs('honey')[0]?.attribs,
    button: textOf(elements(form, (element) => element.name === 'button')[0]!),
  };
}

/** The form as it must be on a page in `lang` ticking `ticked`. */
function expectAlertsForm(page: BuiltPage, lang: Language, ticked: readonly string[]) {
  const found = alertsForm(page);
  const copy = subscribeCopy[lang];
  expect(found.lang, page.path).toBe(lang);
  expect(found.form.attribs['aria-label'], page.path).toBe(copy.name);
  expect(found.island.name, page.path).toBe('astro-island');
  expect(found.island.attribs.client, `${page.path}: hydrated as the reader nears it`).toBe('near');
  expect(found.email, page.path).toMatchObject({ type: 'email', autocomplete: 'email' });
  expect(found.emailLabel, page.path).toBe(copy.email);
  expect(found.legend, page.path).toBe(copy.categories);
  expect(found.categories.map(({ slug }) => slug).sort(), `${page.path}: the categories the site shows`).toEqual(
    [...shown].sort(),
  );
  for (const { slug, label, labelLang, ticked: isTicked } of found.categories) {
    const name = categoryName(listed.get(slug)!, lang);
    expect(label, `${page.path}: ${slug}`).toBe(name.text);
    expect(labelLang, `${page.path}: ${slug} marked when not in the page's language`).toBe(
      name.lang === lang ? undefined : name.lang,
    );
    expect(isTicked, `${page.path}: ${slug} ticked`).toBe(ticked.includes(slug));
  }
  expect(found.consent, page.path).toMatchObject({ type: 'checkbox' });
  expect(found.consentLabel, page.path).toBe(copy.consent.replace('{firm}', site.name));
  expect(found.honey, page.path).toMatchObject({ tabindex: '-1', autocomplete: 'off' });
  expect(found.button, page.path).toBe(copy.button.idle);
}

test('the site shows several categories, and hands the functions exactly those to accept', () => {
  expect(shown.length).toBeGreaterThan(3);
  expect([...listed.keys()].sort()).toEqual([...shown].sort());
});

test('every page of /insights carries the alerts form in English, nothing ticked', () => {
  const lists = builtPages.filter((page) => /^\/insights\/(\d+\/)?$/.test(page.path));
  expect(lists.length).toBeGreaterThan(1);
  for (const page of lists) expectAlertsForm(page, 'en', []);
});

test('every page of each category’s list carries the form with that category ticked', () => {
  const lists = builtPages.filter((page) => page.path.startsWith('/insights/category/'));
  expect(lists.length).toBeGreaterThanOrEqual(shown.length);
  for (const page of lists) expectAlertsForm(page, 'en', [page.path.split('/')[3]!]);
});

test('every article page carries the form with the article’s category ticked', () => {
  for (const article of e2eArticles) {
    expectAlertsForm(builtPage(`/insight/${article.articleSlug}/`), 'en', [categorySlug(article.articleCategory)]);
  }
});

for (const lang of ['en', 'sw'] as const) {
  test(`every practice area in ${lang} carries the form in its language, the area’s categories ticked`, () => {
    const prefix = lang === 'en' ? '' : `/${lang}`;
    let ticking = 0;
    for (const area of readPracticeAreas()) {
      // A category without articles is not offered, so not ticked either.
      const ticked = (area.article_categories ?? []).map(categorySlug).filter((slug) => shown.includes(slug));
      if (ticked.length > 0) ticking += 1;
      expectAlertsForm(builtPage(`${prefix}/practice-area/${area.url_param}/`), lang, ticked);
    }
    expect(ticking).toBeGreaterThan(readPracticeAreas().length / 2);
  });
}

test('no other page carries the alerts form', () => {
  const carrying = /^(\/sw)?\/practice-area\/|^\/insights\/|^\/insight\/(?!404)/;
  const others = builtPages.filter((page) => !carrying.test(page.path));
  expect(others.length).toBeGreaterThan(5);
  for (const page of others) expect(page.html, page.path).not.toContain('subscribe-form');
});
