import { describe, expect, it } from 'vitest';
import data from '../../../src/content/property-rates.json' with { type: 'json' };
import { DAY_MS, startOfNairobiDay } from '../../../src/lib/nairobi-time.ts';
import {
  parsePropertyRates,
  propertyRates,
  RATE_IDS,
  ratesCheckedOn,
  ratesIn,
} from '../../../src/lib/property-costs/rates.ts';

/** A check older than this is due again: the rates change with each year's Finance Act. */
const REVIEW_AFTER_DAYS = 365;

describe('the firm’s property rates', () => {
  it('are the four the estimator applies: stamp duty in a town and outside, the exemption, capital gains tax', () => {
    expect(RATE_IDS).toEqual([
      'stamp-duty-town',
      'stamp-duty-rural',
      'stamp-duty-first-time-buyer',
      'capital-gains-tax',
    ]);
  });

  it.each(RATE_IDS)('carry %s’s source, naming an Act, in each language', (id) => {
    const { source } = propertyRates[id];
    expect(source.en).toMatch(/\bAct\b.*\b(section|Schedule)\b/);
    expect(source.sw).toMatch(/\bSheria\b.*\b(kifungu|Jedwali)\b/);
  });

  it.each(RATE_IDS)('had %s checked against the law within the last year', (id) => {
    const age = Date.now() - startOfNairobiDay(propertyRates[id].checked).getTime();
    expect(age, `${id} was checked on ${propertyRates[id].checked}: check it again`).toBeLessThan(
      REVIEW_AFTER_DAYS * DAY_MS,
    );
  });

  it('are refused, naming the field, without a source, a check date or a percentage', () => {
    const town = data['stamp-duty-town'];
    const { source: _source, ...withoutSource } = town;
    expect(() => parsePropertyRates({ ...data, 'stamp-duty-town': withoutSource })).toThrow(/source/);
    expect(() =>
      parsePropertyRates({ ...data, 'stamp-duty-town': { ...town, source: { en: ' ', sw: 'x' } } }),
    ).toThrow();
    expect(() => parsePropertyRates({ ...data, 'stamp-duty-town': { ...town, checked: '27/11/2026' } })).toThrow(
      /YYYY-MM-DD/,
    );
    expect(() => parsePropertyRates({ ...data, 'stamp-duty-town': { ...town, percent: '4%' } })).toThrow();
    const { 'capital-gains-tax': _gains, ...withoutGains } = data;
    expect(() => parsePropertyRates(withoutGains)).toThrow(/capital-gains-tax/);
  });

  it('are said to have been checked on the oldest of their checks', () => {
    const rates = parsePropertyRates({
      ...data,
      'stamp-duty-rural': { ...data['stamp-duty-rural'], checked: '2026-03-01' },
    });
    expect(ratesCheckedOn(rates)).toBe('2026-03-01');
  });

  it('go to a page with their law in its language', () => {
    expect(ratesIn(propertyRates, 'sw')['capital-gains-tax']).toEqual({
      percent: 15,
      source: propertyRates['capital-gains-tax'].source.sw,
    });
  });
});
