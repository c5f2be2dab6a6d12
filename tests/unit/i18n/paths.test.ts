import { describe, expect, it } from 'vitest';
import {
  alternatePaths,
  counterpartPath,
  isTranslatedPage,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
  switcherPath,
} from '../../../src/lib/i18n/paths.ts';
import type { Language } from '../../../src/lib/i18n/languages.ts';

const BOTH: readonly Language[] = ['en', 'sw'];
const ENGLISH_ONLY: readonly Language[] = ['en'];

describe('where a page lives in each language', () => {
  it('reads the language from the path: /sw/… is Kiswahili, everything else English', () => {
    expect(languageOfPath('/sw/')).toBe('sw');
    expect(languageOfPath('/sw/practice-area/employment-law/')).toBe('sw');
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('/about/')).toBe('en');
    expect(languageOfPath('/swahili-law/')).toBe('en');
    expect(languageOfPath('/en/about/')).toBe('en');
  });

  it('puts an English path under the language prefix, and takes it off again', () => {
    expect(pathInLanguage('/', 'sw')).toBe('/sw/');
    expect(pathInLanguage('/about', 'sw')).toBe('/sw/about');
    expect(pathInLanguage('/about', 'en')).toBe('/about');
    expect(pathWithoutLanguage('/sw/')).toBe('/');
    expect(pathWithoutLanguage('/sw')).toBe('/');
    expect(pathWithoutLanguage('/sw/about/')).toBe('/about/');
    expect(pathWithoutLanguage('/about/')).toBe('/about/');
  });

  it('knows the pages written in both languages: home, about, the listing, every practice area, contact and the estimator', () => {
    for (const path of [
      '/',
      '/about',
      '/about/',
      '/practice-areas/',
      '/practice-area/immigration-law',
      '/contact-us',
      '/tools/property-costs/',
    ])
      expect(isTranslatedPage(path), path).toBe(true);
    for (const path of ['/insights/', '/insight/some-article', '/podcast', '/careers', '/team', '/privacy', '/404'])
      expect(isTranslatedPage(path), path).toBe(false);
  });
});

describe('the counterpart of a page', () => {
  it('is the same page in the other language, both ways, keeping the trailing slash', () => {
    expect(counterpartPath('/about/', 'sw', BOTH)).toBe('/sw/about/');
    expect(counterpartPath('/sw/about/', 'en', BOTH)).toBe('/about/');
    expect(counterpartPath('/', 'sw', BOTH)).toBe('/sw/');
    expect(counterpartPath('/sw/', 'en', BOTH)).toBe('/');
    expect(counterpartPath('/practice-area/employment-law/', 'sw', BOTH)).toBe('/sw/practice-area/employment-law/');
  });

  it('does not exist for a page in English only, or when the site is in English only', () => {
    expect(counterpartPath('/insights/', 'sw', BOTH)).toBeUndefined();
    expect(counterpartPath('/about/', 'sw', ENGLISH_ONLY)).toBeUndefined();
  });

  it('is where the switcher goes; without one, the switcher goes to the other language’s home page', () => {
    expect(switcherPath('/contact-us/', 'sw', BOTH)).toBe('/sw/contact-us/');
    expect(switcherPath('/sw/contact-us/', 'en', BOTH)).toBe('/contact-us/');
    expect(switcherPath('/podcast/', 'sw', BOTH)).toBe('/sw/');
    expect(switcherPath('/404', 'sw', BOTH)).toBe('/sw/');
    expect(switcherPath('/sw/404/', 'en', BOTH)).toBe('/');
  });
});

describe('hreflang alternates', () => {
  it('name the page in each language and English as the default, from either language', () => {
    const expected = [
      { hreflang: 'en', path: '/about/' },
      { hreflang: 'sw', path: '/sw/about/' },
      { hreflang: 'x-default', path: '/about/' },
    ];
    expect(alternatePaths('/about/', BOTH)).toEqual(expected);
    expect(alternatePaths('/sw/about/', BOTH)).toEqual(expected);
  });

  it('are left out for a page in English only, a not-found page, and a site in English only', () => {
    expect(alternatePaths('/insights/', BOTH)).toEqual([]);
    expect(alternatePaths('/sw/404/', BOTH)).toEqual([]);
    expect(alternatePaths('/about/', ENGLISH_ONLY)).toEqual([]);
  });
});
