// The property costs estimator as built, in English and Kiswahili: what a visitor
// gets before any script — the rates with their law and the day they were
// checked, the checklist, and the calculator as a plain GET form named as the
// query — and the links to it from every footer and from the conveyancing
// practice area. The figures themselves need a browser: tests/e2e/property-costs.spec.ts.
import { expect, test } from '@playwright/test';
import type { Element } from 'domhandler';
import { interfaceText } from '../../src/content/interface-text.ts';
import { estimatorPracticeArea, transferChecklist } from '../../src/content/property-transfer.ts';
import type { Language } from '../../src/lib/i18n/languages.ts';
import { localiseHref } from '../../src/lib/i18n/navigation.ts';
import { formatNairobiDayIn } from '../../src/lib/nairobi-time.ts';
import { PROPERTY_COSTS_PATH } from '../../src/lib/property-costs/links.ts';
import { propertyRates, RATE_IDS, ratesCheckedOn } from '../../src/lib/property-costs/rates.ts';
import { footerNav } from '../../src/site.config.ts';
import { builtPage, elements, textOf, visitorPages } from '../support/built-site.ts';
import { readPracticeAreas } from '../support/content.ts';

const PAGES = { en: '/tools/property-costs/', sw: '/sw/tools/property-costs/' } as const satisfies Record<
  Language,
  string
>;
const languageOf = (page: { path: string }): Language => (page.path.startsWith('/sw/') ? 'sw' : 'en');
const estimatorHref = (lang: Language) => localiseHref(PROPERTY_COSTS_PATH, lang).href;
const links = (scope: Parameters<typeof elements>[0]) => elements(scope, (element) => element.name === 'a');

for (const [lang, path] of Object.entries(PAGES) as [Language, string][]) {
  const text = interfaceText[lang].propertyCosts;

  test(`${path} shows every rate with its law, and the day they were last checked`, () => {
    const page = builtPage(path);
    const rows = elements(page, (element) => element.name === 'tr').map(textOf);
    for (const id of RATE_IDS) {
      expect(
        rows.some((row) => row.includes(text.rateNames[id]) && row.includes(propertyRates[id].source[lang])),
        id,
      ).toBe(true);
    }
    const checked = text.checkedOn(formatNairobiDayIn(ratesCheckedOn(propertyRates), lang));
    expect(textOf(elements(page, (element) => element.name === 'main')[0]!)).toContain(checked);
  });

  test(`${path} lists what a transfer needs`, () => {
    const items = elements(builtPage(path), (element) => element.name === 'li').map((item) =>
      elements(item, (element) => element.name === 'h3' || element.name === 'p').map(textOf),
    );
    for (const item of transferChecklist[lang]) expect(items).toContainEqual([item.title, item.text]);
  });

  test(`${path} has the calculator as a form that submits its inputs to the page by GET, hydrated when near`, () => {
    const page = builtPage(path);
    const [island] = elements(
      page,
      (element) => element.name === 'astro-island' && /PropertyCosts/.test(element.attribs['component-url'] ?? ''),
    );
    expect(island?.attribs.client).toBe('near');
    const [form] = elements(island!, (element) => element.name === 'form');
    expect(form?.attribs.method).toBe('get');
    expect(form?.attribs.action).toBeUndefined();
    const named = (name: string) => elements(form!, (element: Element) => element.attribs.name === name);
    for (const name of ['price', 'paid', 'costs'])
      expect(named(name).map((input) => input.attribs.type)).toEqual(['text']);
    expect(named('area').map((input) => input.attribs.value)).toEqual(['town', 'rural']);
    expect(named('firstTime').map((input) => input.attribs.value)).toEqual(['1']);
    // Every field is labelled.
    const ids = elements(form!, (element) => element.name === 'input').map((input) => input.attribs.id);
    const labelled = elements(form!, (element) => element.name === 'label').map((label) => label.attribs.for);
    expect(labelled).toEqual(ids);
  });

  test(`${path} offers the consultation form of the conveyancing page`, () => {
    const area = `${lang === 'sw' ? '/sw' : ''}/practice-area/${estimatorPracticeArea}`;
    const hrefs = links(builtPage(path)).map((link) => link.attribs.href);
    expect(hrefs).toContain(`${area}#consultation-heading`);
    const target = elements(builtPage(`${area}/`), (element) => element.attribs.id === 'consultation-heading');
    expect(target).toHaveLength(1);
  });
}

test('every page’s footer links to the estimator, in its language', () => {
  const english = footerNav.find((link) => link.href === PROPERTY_COSTS_PATH)!.label;
  const label = { en: english, sw: interfaceText.sw.navLabels[english] };
  for (const page of visitorPages) {
    const lang = languageOf(page);
    const [footer] = elements(page, (element) => element.name === 'footer');
    const toEstimator = links(footer!).filter((link) => link.attribs.href === estimatorHref(lang));
    expect(toEstimator.map(textOf), page.path).toEqual([label[lang]]);
  }
});

test('the conveyancing page links to the estimator in both languages, and no other practice area does', () => {
  for (const area of readPracticeAreas()) {
    for (const lang of ['en', 'sw'] as const) {
      const page = builtPage(`${lang === 'sw' ? '/sw' : ''}/practice-area/${area.url_param}/`);
      const main = elements(page, (element) => element.name === 'main')[0]!;
      const toEstimator = links(main).filter((link) => link.attribs.href === estimatorHref(lang));
      expect(toEstimator.map(textOf), `${lang} ${area.url_param}`).toEqual(
        area.url_param === estimatorPracticeArea ? [interfaceText[lang].propertyCosts.fromPracticeArea.link] : [],
      );
    }
  }
});
