import { describe, expect, it } from 'vitest';
import { consultationHref, linksEstimator } from '../../../src/lib/property-costs/links.ts';

const conveyancing = { url_param: 'conveyance-and-real-estate', link: '/practice-area/conveyance-and-real-estate' };
const family = { url_param: 'family-law', link: '/practice-area/family-law' };

describe('the estimator’s links', () => {
  it('are offered on the conveyancing page alone', () => {
    expect(linksEstimator('conveyance-and-real-estate')).toBe(true);
    expect(linksEstimator('employment-law')).toBe(false);
  });

  it('offer that practice area’s consultation form, in the page’s language', () => {
    expect(consultationHref([family, conveyancing], 'en')).toBe(
      '/practice-area/conveyance-and-real-estate#consultation-heading',
    );
    expect(consultationHref([family, conveyancing], 'sw')).toBe(
      '/sw/practice-area/conveyance-and-real-estate#consultation-heading',
    );
  });

  it('offer the contact page where the firm has no such practice area', () => {
    expect(consultationHref([family], 'en')).toBe('/contact-us');
    expect(consultationHref([family], 'sw')).toBe('/sw/contact-us');
  });
});
