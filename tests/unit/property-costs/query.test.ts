import { describe, expect, it } from 'vitest';
import { parseShillings, propertyCostsQuery, readPropertyCostsQuery } from '../../../src/lib/property-costs/query.ts';

describe('an amount of shillings as typed', () => {
  it('reads digits, with thousands grouped by commas or spaces, and cents', () => {
    expect(parseShillings('5000000')).toBe(5_000_000);
    expect(parseShillings('5,000,000')).toBe(5_000_000);
    expect(parseShillings(' 5 000 000 ')).toBe(5_000_000);
    expect(parseShillings('1250.50')).toBe(1250.5);
    expect(parseShillings('0')).toBe(0);
  });

  it('is no amount when empty, negative, in words, in another notation or beyond a trillion', () => {
    for (const text of [null, undefined, '', '  ', '-5', 'five', '5e6', '0x10', '1.', 'KES 5', '1000000000001'])
      expect(parseShillings(text), String(text)).toBeUndefined();
  });
});

describe('the estimate’s address', () => {
  it('reads every input from the query', () => {
    expect(readPropertyCostsQuery('?price=5000000&area=town&firstTime=1&paid=3000000&costs=250000')).toEqual({
      price: 5_000_000,
      area: 'town',
      firstTime: true,
      paid: 3_000_000,
      costs: 250_000,
    });
    expect(readPropertyCostsQuery(new URLSearchParams('area=rural&price=5%2C000%2C000'))).toEqual({
      price: 5_000_000,
      area: 'rural',
      firstTime: false,
    });
  });

  it('leaves out what is missing, unknown or no amount, without failing', () => {
    expect(readPropertyCostsQuery('')).toEqual({ firstTime: false });
    expect(readPropertyCostsQuery('?price=lots&area=city&firstTime=yes&paid=-1&costs=&other=1&price=2')).toEqual({
      firstTime: false,
    });
    expect(readPropertyCostsQuery('?price=0&paid=0')).toEqual({ firstTime: false, paid: 0 });
    expect(readPropertyCostsQuery('?%E0%A4%A=1&price=%')).toEqual({ firstTime: false });
  });

  it('writes the inputs given, in a fixed order, and nothing when none is', () => {
    expect(propertyCostsQuery({ firstTime: false })).toBe('');
    expect(
      propertyCostsQuery({ costs: 250_000, paid: 3_000_000, firstTime: true, area: 'town', price: 5_000_000 }),
    ).toBe('?price=5000000&area=town&firstTime=1&paid=3000000&costs=250000');
  });

  it('reopens the same inputs from the address it writes', () => {
    const inputs = [
      { firstTime: false },
      { price: 5_000_000, area: 'town' as const, firstTime: false },
      { price: 12_345.5, area: 'rural' as const, firstTime: true, paid: 0, costs: 99 },
    ];
    for (const input of inputs) expect(readPropertyCostsQuery(propertyCostsQuery(input))).toEqual(input);
  });
});
