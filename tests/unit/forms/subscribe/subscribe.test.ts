// The alerts form's request: what it accepts and what it says, in each
// language, against the categories offered (the build's, whatever they are).
import { describe, expect, it } from 'vitest';
import { validateSubscription } from '../../../../src/forms/subscribe/subscribe.ts';

const valid = { email: 'reader@example.com', categories: ['tax-law'], consent: true, lang: 'en' };
/** The categories a build found, in its order: one, maritime-law, is in no list of ours. */
const OFFERED = ['immigration', 'maritime-law', 'tax-law'];

describe('the article alerts request', () => {
  it('accepts any category offered, whatever it is called, and no other', () => {
    const maritime = { ...valid, categories: ['maritime-law'] };
    expect(validateSubscription(maritime, OFFERED)).toMatchObject({ ok: true, data: { categories: ['maritime-law'] } });
    expect(validateSubscription(maritime, ['immigration', 'tax-law'])).toEqual({
      ok: false,
      errors: { categories: 'Choose among the categories listed' },
    });
  });

  it('refuses every category when none is offered (a build without articles)', () => {
    expect(validateSubscription(valid, [])).toEqual({
      ok: false,
      errors: { categories: 'Choose among the categories listed' },
    });
  });

  it('accepts an address, offered categories (each once, in the order offered) and consent', () => {
    const result = validateSubscription(
      { ...valid, categories: ['tax-law', 'immigration', 'tax-law'], lang: 'sw' },
      OFFERED,
    );
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
    const result = validateSubscription(withoutLanguage, OFFERED);
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
    const result = validateSubscription({ ...valid, ...change }, OFFERED);
    expect(result).toEqual({ ok: false, errors: { [field]: text } });
  });

  it('says what is wrong in Kiswahili', () => {
    expect(validateSubscription({}, OFFERED, 'sw')).toEqual({
      ok: false,
      errors: {
        email: 'Barua pepe inahitajika',
        categories: 'Chagua angalau nyanja moja',
        consent: 'Weka alama kwenye kisanduku kukubali kupokea arifa',
      },
    });
  });
});
