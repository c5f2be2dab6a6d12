import { describe, expect, it } from 'vitest';
import { interfaceText } from '../../../src/content/interface-text.ts';
import { estimatePropertyCosts, type PropertyCostsInput } from '../../../src/lib/property-costs/estimate.ts';
import { propertyRates } from '../../../src/lib/property-costs/rates.ts';
import { estimateFigures, estimateSummary, whatsappShareHref } from '../../../src/lib/property-costs/summary.ts';

const LINK = 'https://example.test/tools/property-costs?price=5000000&area=town&paid=3000000';
const input: PropertyCostsInput = { price: 5_000_000, area: 'town', firstTime: false, paid: 3_000_000 };
const estimate = estimatePropertyCosts(input, propertyRates);

describe('the summary of an estimate', () => {
  it('gives its figures, as the estimator announces them', () => {
    expect(estimateFigures(estimate, interfaceText.en.propertyCosts.estimator)).toEqual([
      'Stamp duty: KES 200,000',
      'Capital gains tax: KES 300,000',
    ]);
    expect(estimateFigures({}, interfaceText.en.propertyCosts.estimator)).toEqual([]);
  });

  it('shares the price, the place, the figures and the link, in English', () => {
    expect(estimateSummary(input, estimate, interfaceText.en.propertyCosts.estimator, LINK)).toBe(
      [
        'Property costs estimate',
        'Price: KES 5,000,000 (Within a municipality or town)',
        'Stamp duty: KES 200,000',
        'Capital gains tax: KES 300,000',
        `An estimate, not legal advice: ${LINK}`,
      ].join('\n'),
    );
  });

  it('and in Kiswahili, with the same figures', () => {
    expect(estimateSummary(input, estimate, interfaceText.sw.propertyCosts.estimator, LINK)).toBe(
      [
        'Makadirio ya gharama za ununuzi wa ardhi',
        'Bei: KES 5,000,000 (Ndani ya manispaa au mji)',
        'Ushuru wa stempu: KES 200,000',
        'Kodi ya faida ya mtaji: KES 300,000',
        `Makadirio tu, si ushauri wa kisheria: ${LINK}`,
      ].join('\n'),
    );
  });

  it('is sent to WhatsApp with no number, so the visitor picks the chat', () => {
    const href = whatsappShareHref('Stamp duty: KES 200,000\nhttps://example.test/?a=1&b=2');
    expect(href).toBe(
      'https://wa.me/?text=Stamp%20duty%3A%20KES%20200%2C000%0Ahttps%3A%2F%2Fexample.test%2F%3Fa%3D1%26b%3D2',
    );
    expect(new URL(href).searchParams.get('text')).toBe('Stamp duty: KES 200,000\nhttps://example.test/?a=1&b=2');
  });
});
