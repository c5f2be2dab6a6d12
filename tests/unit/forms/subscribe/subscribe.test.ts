// The alerts form's request: what it accepts and what it says, in each
// language, and the categories it offers against the content model.
import { isEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { articleCategories } from '../../../../src/content/article-categories.ts';
import { alertCategories, validateSubscription } from '../../../../src/forms/subscribe/subscribe.ts';
import { articleSchema } from '../../../../scripts/lib/graphql-server.ts';

const valid = { email: 'reader@example.com', categories: ['tax-law'], consent: true, lang: 'en' };

describe('the article alerts request', () => {
  it('offers exactly the content model’s article categories, each with a Kiswahili name', () => {
    const model = articleSchema().getType('ArticleCategory');
    expect(isEnumType(model)).toBe(true);
    const values = isEnumType(model) ? model.getValues().map((value) => value.name) : [];
    expect(Object.keys(articleCategories).sort()).toEqual([...values].sort());
    expect(alertCategories.get('land-and-conveyancing')).toEqual({
      name: 'Land_and_Conveyancing',
      label: { en: 'Land and Conveyancing', sw: 'Ardhi na Uhamishaji wa Mali' },
    });
  });

  it('accepts an address, known categories (each once, in list order) and consent', () => {
    const result = validateSubscription({ ...valid, categories: ['tax-law', 'immigration', 'tax-law'], lang: 'sw' });
    expect(result).toEqual({
      ok: true,
      data: {
        email: 'reader@example.com',
        categories: ['immigration', 'tax-law'],
        consent: true,
        lang: 'sw',
        honey: '',
      },
    });
  });

  it('takes English when no language is named', () => {
    const { lang: _lang, ...withoutLanguage } = valid;
    const result = validateSubscription(withoutLanguage);
    expect(result.ok && result.data.lang).toBe('en');
  });

  it.each([
    ['no consent', { consent: undefined }, 'consent', 'Tick the box to agree to receive the alerts'],
    ['consent as text', { consent: 'true' }, 'consent', 'Tick the box to agree to receive the alerts'],
    ['no category', { categories: [] }, 'categories', 'Choose at least one category'],
    ['an unknown category', { categories: ['tax-law', 'gossip'] }, 'categories', 'Choose among the categories listed'],
    ['categories as text', { categories: 'tax-law' }, 'categories', 'Choose among the categories listed'],
    ['a bad address', { email: 'reader@' }, 'email', 'Enter a valid email address, e.g. name@example.com'],
    ['another language', { lang: 'fr' }, 'lang', 'The language must be one of: en, sw'],
  ])('refuses %s, saying why', (_case, change, field, text) => {
    const result = validateSubscription({ ...valid, ...change });
    expect(result).toEqual({ ok: false, errors: { [field]: text } });
  });

  it('says what is wrong in Kiswahili', () => {
    expect(validateSubscription({}, 'sw')).toEqual({
      ok: false,
      errors: {
        email: 'Barua pepe inahitajika',
        categories: 'Chagua angalau nyanja moja',
        consent: 'Weka alama kwenye kisanduku kukubali kupokea arifa',
      },
    });
  });
});
