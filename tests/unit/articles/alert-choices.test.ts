// What the article alerts form offers on a page: the categories the site shows,
// named and ordered in the page's language, and the slugs a page ticks.
import { describe, expect, it } from 'vitest';
import { alertChoices, alertSlugs } from '../../../src/lib/articles/alert-choices.ts';

const shown = [{ slug: 'employment-law' }, { slug: 'immigration' }, { slug: 'land-and-conveyancing' }];

describe('the article alerts’ categories', () => {
  it('offers the categories shown, by their English names in English order', () => {
    expect(alertChoices(shown, 'en')).toEqual([
      { slug: 'employment-law', label: 'Employment Law' },
      { slug: 'immigration', label: 'Immigration' },
      { slug: 'land-and-conveyancing', label: 'Land and Conveyancing' },
    ]);
  });

  it('names and orders them in Kiswahili on a Kiswahili page', () => {
    expect(alertChoices(shown, 'sw')).toEqual([
      { slug: 'land-and-conveyancing', label: 'Ardhi na Uhamishaji wa Mali' },
      { slug: 'employment-law', label: 'Sheria ya Ajira' },
      { slug: 'immigration', label: 'Uhamiaji' },
    ]);
  });

  it('leaves out a category one cannot subscribe to', () => {
    expect(alertChoices([...shown, { slug: 'gossip' }], 'en').map(({ slug }) => slug)).not.toContain('gossip');
  });

  it('ticks the slugs of the categories a page is about, as the CMS names them', () => {
    expect(alertSlugs(['Legal_Audit_and_Compliance', null, 'Data_Protection', undefined])).toEqual([
      'legal-audit-and-compliance',
      'data-protection',
    ]);
  });
});
