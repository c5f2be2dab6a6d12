// What the article alerts form offers on a page: the categories the site shows,
// whatever the CMS calls them, named and ordered in the page's language (an
// untranslated name says it is English), and the slugs a page ticks.
import { describe, expect, it } from 'vitest';
import { alertChoices, alertSlugs } from '../../../src/lib/articles/alert-choices.ts';
import { categorySlug } from '../../../src/lib/articles/pages.ts';

const shown = ['Employment_Law', 'Immigration', 'Land_and_Conveyancing', 'Maritime_Law'].map((name) => ({
  name,
  slug: categorySlug(name),
}));

describe('the article alerts’ categories', () => {
  it('offers every category shown, by its English name, in English order', () => {
    expect(alertChoices(shown, 'en')).toEqual([
      { slug: 'employment-law', label: 'Employment Law' },
      { slug: 'immigration', label: 'Immigration' },
      { slug: 'land-and-conveyancing', label: 'Land and Conveyancing' },
      { slug: 'maritime-law', label: 'Maritime Law' },
    ]);
  });

  it('names and orders them in Kiswahili on a Kiswahili page, an untranslated one in English marked so', () => {
    expect(alertChoices(shown, 'sw')).toEqual([
      { slug: 'land-and-conveyancing', label: 'Ardhi na Uhamishaji wa Mali' },
      { slug: 'maritime-law', label: 'Maritime Law', lang: 'en' },
      { slug: 'employment-law', label: 'Sheria ya Ajira' },
      { slug: 'immigration', label: 'Uhamiaji' },
    ]);
  });

  it('ticks the slugs of the categories a page is about, as the CMS names them', () => {
    expect(alertSlugs(['Legal_Audit_and_Compliance', null, 'Data_Protection', undefined])).toEqual([
      'legal-audit-and-compliance',
      'data-protection',
    ]);
  });
});
