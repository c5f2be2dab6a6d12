import { describe, expect, it } from 'vitest';
import { estimatePropertyCosts, type PropertyCostsInput } from '../../../src/lib/property-costs/estimate.ts';
import { propertyRates } from '../../../src/lib/property-costs/rates.ts';

const estimate = (input: Partial<PropertyCostsInput>) =>
  estimatePropertyCosts({ firstTime: false, ...input }, propertyRates);

describe('the property costs estimate', () => {
  it('charges stamp duty of KES 200,000 on 5,000,000 in a town, and KES 100,000 outside one', () => {
    expect(estimate({ price: 5_000_000, area: 'town' }).stampDuty).toEqual({
      rate: 'stamp-duty-town',
      amount: 200_000,
    });
    expect(estimate({ price: 5_000_000, area: 'rural' }).stampDuty).toEqual({
      rate: 'stamp-duty-rural',
      amount: 100_000,
    });
  });

  it('charges no stamp duty to a first-time home owner under the affordable housing scheme, wherever the house is', () => {
    for (const area of ['town', 'rural', undefined] as const) {
      expect(estimate({ price: 5_000_000, area, firstTime: true }).stampDuty).toEqual({
        rate: 'stamp-duty-first-time-buyer',
        amount: 0,
      });
    }
  });

  it('charges a seller who paid 3,000,000 capital gains tax of KES 300,000 on a sale at 5,000,000', () => {
    expect(estimate({ price: 5_000_000, area: 'town', paid: 3_000_000 }).capitalGainsTax).toEqual({
      gain: 2_000_000,
      amount: 300_000,
    });
  });

  it('takes the seller’s allowable costs off the gain', () => {
    expect(estimate({ price: 5_000_000, paid: 3_000_000, costs: 250_000 }).capitalGainsTax).toEqual({
      gain: 1_750_000,
      amount: 262_500,
    });
  });

  it('charges no capital gains tax where there is no gain, and never a negative one', () => {
    expect(estimate({ price: 5_000_000, paid: 5_000_000 }).capitalGainsTax).toEqual({ gain: 0, amount: 0 });
    expect(estimate({ price: 5_000_000, paid: 4_000_000, costs: 1_500_000 }).capitalGainsTax).toEqual({
      gain: 0,
      amount: 0,
    });
  });

  it('rounds every amount to the shilling', () => {
    // 4% of 1,234,567 is 49,382.68; 15% of a gain of 1,234,563 is 185,184.45.
    expect(estimate({ price: 1_234_567, area: 'town' }).stampDuty?.amount).toBe(49_383);
    expect(estimate({ price: 1_234_567, paid: 4 }).capitalGainsTax?.amount).toBe(185_184);
    expect(estimate({ price: 1_000_000.6, paid: 0 }).capitalGainsTax?.gain).toBe(1_000_001);
  });

  it('works out only what it has been told enough for', () => {
    expect(estimate({})).toEqual({});
    expect(estimate({ area: 'town', paid: 3_000_000 })).toEqual({});
    expect(estimate({ price: 5_000_000 })).toEqual({});
    expect(estimate({ price: 5_000_000, costs: 100 })).toEqual({});
  });

  it('applies the rates it is given, not rates of its own', () => {
    const doubled = { ...propertyRates, 'stamp-duty-town': { ...propertyRates['stamp-duty-town'], percent: 8 } };
    expect(estimatePropertyCosts({ price: 1_000, area: 'town', firstTime: false }, doubled).stampDuty?.amount).toBe(80);
  });
});
