import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, pageDescription, pageTitle, TITLE_MAX } from '../../src/lib/seo.ts';
import { site } from '../../src/site.config.ts';

describe('page titles', () => {
  it('add the firm’s name when it fits', () => {
    expect(pageTitle('Careers')).toBe(`Careers | ${site.shortName}`);
  });
  it('leave the home page’s title alone', () => {
    expect(pageTitle(site.shortName)).toBe(site.shortName);
  });
  it('drop the firm’s name, then shorten at a word, to stay within 60 characters', () => {
    const long = 'Beneficial Ownership and the Business Laws (Amendment) Act 2024: A Compliance Check for Companies';
    const title = pageTitle(long);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title).toMatch(/^Beneficial Ownership and the Business Laws \(Amendment\) Act…$/);
    expect(pageTitle('Buying Land in the Ardhisasa Era: Due Diligence Guide')).toBe(
      'Buying Land in the Ardhisasa Era: Due Diligence Guide',
    );
  });
});

describe('page descriptions', () => {
  it('keep a short description as it is, with its spaces tidied', () => {
    expect(pageDescription('  Wills,   trusts and succession.  ')).toBe('Wills, trusts and succession.');
  });
  it('cut a long one at a word within 160 characters', () => {
    const description = pageDescription('word '.repeat(60));
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description.endsWith('word…')).toBe(true);
  });
});
