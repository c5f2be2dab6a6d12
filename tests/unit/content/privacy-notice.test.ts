import { describe, expect, it } from 'vitest';
import {
  ALERT_REQUEST_DAYS,
  CONSENT_RECORD_YEARS,
  AUDIT_TRAIL_YEARS,
  ERASURE_RECORD_YEARS,
  fillPlaceholders,
  privacyNoticeValues,
  splitNotice,
  type PrivacyNoticeFacts,
} from '../../../src/lib/privacy.ts';

const office = (city: string, building: string, postalAddress: string) => ({
  city,
  floor: '2nd Floor',
  building,
  street: 'Moi Avenue',
  postalAddress,
  email: `${city.toLowerCase()}@example.com`,
  phone: '0711 200 300',
  geo: { latitude: 0, longitude: 0 },
});

const facts = (overrides: Partial<PrivacyNoticeFacts['site']> = {}): PrivacyNoticeFacts => ({
  site: {
    name: 'Baraza & Wekesa *Advocates*',
    shortName: 'B_W',
    email: { privacy: 'data@barazawekesa.example' },
    phones: { local: '0711 200 300' },
    offices: [
      office('Mombasa', 'Bahari House', 'P.O. Box 90210 – 80100, Mombasa'),
      office('Malindi', 'Pwani Plaza', 'P.O. Box 12 – 80200, Malindi'),
    ],
    ...overrides,
  },
  retention: { application: 90, enquiry: 1095 },
  documentLinkDays: 7,
  workLocations: ['Mombasa', 'Malindi', 'Lamu'],
});

describe('the privacy notice’s placeholders', () => {
  const values = privacyNoticeValues(facts());

  it('state the retention periods and link lifetime the site runs with', () => {
    expect(values.enquiriesKept).toBe('36 months');
    expect(values.applicationsKept).toBe('90 days');
    expect(values.documentLinkDays).toBe('7');
  });

  it('state how long the note of an erasure is kept, the same for every firm', () => {
    expect(values.erasureNotesKept).toBe(`${ERASURE_RECORD_YEARS} years`);
    expect(values.erasureNotesKept).toBe('6 years');
  });

  it('state how long the staff desk’s audit trail is kept, as long as the retention run keeps it', () => {
    expect(values.auditTrailKept).toBe(`${AUDIT_TRAIL_YEARS} years`);
    expect(values.auditTrailKept).toBe('6 years');
  });

  it('state how long an unconfirmed alert request and the record of a consent to alerts are kept', () => {
    expect(values.alertRequestsKept).toBe(`${ALERT_REQUEST_DAYS} days`);
    expect(values.consentRecordsKept).toBe(`${CONSENT_RECORD_YEARS} years`);
    expect([values.alertRequestsKept, values.consentRecordsKept]).toEqual(['7 days', '6 years']);
  });

  it('show names as written, never as Markdown: asterisks, underscores and ampersands are escaped', () => {
    expect(values.firmName).toBe('Baraza \\& Wekesa \\*Advocates\\*');
    expect(values.firmShortName).toBe('B\\_W');
  });

  it('give the privacy address and a dialable phone link', () => {
    expect(fillPlaceholders('[{privacyEmail}](mailto:{privacyEmail}) [{phone}]({phoneHref})', values)).toBe(
      '[data\\@barazawekesa\\.example](mailto:data\\@barazawekesa\\.example) [0711 200 300](tel\\:\\+254711200300)',
    );
  });

  it('list every office, one item each, and write to the first one’s postal address', () => {
    expect(values.offices.split('\n')).toEqual([
      '- **Mombasa office**\\',
      '  2nd Floor\\, Bahari House\\, Moi Avenue\\',
      '  P\\.O\\. Box 90210 – 80100\\, Mombasa',
      '- **Malindi office**\\',
      '  2nd Floor\\, Pwani Plaza\\, Moi Avenue\\',
      '  P\\.O\\. Box 12 – 80200\\, Malindi',
    ]);
    expect(values.postalAddress).toBe('P\\.O\\. Box 90210 – 80100\\, Mombasa');
  });

  it('name the stations an applicant may choose as alternatives', () => {
    expect(values.workLocations).toBe('Mombasa\\, Malindi or Lamu');
  });

  it('need at least one office to give a postal address', () => {
    expect(() => privacyNoticeValues(facts({ offices: [] }))).toThrow('site.offices is empty');
  });
});

describe('filling in the notice', () => {
  it('replaces every placeholder, as often as it appears', () => {
    expect(fillPlaceholders('{a} and {b}, then {a}.', { a: 'one', b: 'two' })).toBe('one and two, then one.');
  });

  it('fails on a placeholder it has no value for, naming each one and the known names', () => {
    expect(() =>
      fillPlaceholders('{firmName} keeps data for {retention} and {retention}; {oops}', { firmName: 'X' }),
    ).toThrow('src/content/privacy-notice.md: no value for {retention}, {oops} (known: firmName)');
  });
});

describe('the notice’s parts', () => {
  it('are the summary before the first section heading, and the sections from it on', () => {
    const markdown = '- In short.\n\n## Who we are\n\nText.\n\n### A form\n\n## Your rights\n';
    expect(splitNotice(markdown)).toEqual({
      summary: '- In short.\n\n',
      sections: '## Who we are\n\nText.\n\n### A form\n\n## Your rights\n',
    });
  });

  it('need at least one section heading', () => {
    expect(() => splitNotice('- Only a summary.\n### Not a section\n')).toThrow('has no "## " section heading');
  });
});
