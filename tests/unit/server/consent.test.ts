// Each application records when the person confirmed it and under which
// version of the privacy notice; the notice's periods are the ones purged by.
import { describe, expect, it } from 'vitest';
import { validateApplication } from '../../../src/forms/application/application.ts';
import {
  DEFAULT_RETENTION_DAYS,
  describeRetention,
  formatNoticeDate,
  PRIVACY_NOTICE_VERSION,
  PRIVACY_PATH,
} from '../../../src/lib/privacy.ts';
import { env } from '../../../src/env.ts';
import { createApplicationHandler } from '../../../src/server/application-handler.ts';
import type { ApplicationRecord } from '../../../src/server/submissions/record.ts';
import { applicationRequest, validApplicationData } from '../../../scripts/lib/sample-requests.ts';
import { storedApplicationsPerTest } from '../../support/stored-applications.ts';
import { disarmInProcess } from '../../support/rebuilt-documents.ts';

const stored = storedApplicationsPerTest();

const receivedAt = new Date('2026-11-22T07:30:00.000Z');

async function apply(data: Record<string, unknown>): Promise<ApplicationRecord> {
  const handler = createApplicationHandler({
    now: () => receivedAt,
    notify: async () => {},
    log: () => {},
    disarm: disarmInProcess,
  });
  expect((await handler(await applicationRequest({ data }))).status).toBe(200);
  return stored.onlyRecord();
}

describe('consent stored with each application', () => {
  it('records the declaration, the privacy notice version and when the notice was accepted', async () => {
    const record = await apply(validApplicationData());
    expect(record.consent).toEqual({
      declaration: 'I confirm that the information I have given in this application is true and accurate.',
      confirmed: true,
      confirmedAt: '2026-11-22T07:30:00.000Z',
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      privacyConsentAt: '2026-11-22T07:30:00.000Z',
    });
  });

  it('refuses an application whose privacy notice box is not ticked', () => {
    const { privacy_consent: _omitted, ...data } = validApplicationData();
    const message = 'Please confirm you have read the privacy notice';
    expect(validateApplication(data)).toEqual({ ok: false, errors: { privacy_consent: message } });
    expect(validateApplication({ ...data, privacy_consent: false })).toEqual({
      ok: false,
      errors: { privacy_consent: message },
    });
    expect(validateApplication({ ...data, privacy_consent: 'on' })).toMatchObject({
      ok: true,
      data: { privacy_consent: true },
    });
  });
});

describe('the privacy notice’s facts', () => {
  it('lives at /privacy, dated by its version', () => {
    expect(PRIVACY_PATH).toBe('/privacy');
    expect(PRIVACY_NOTICE_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(formatNoticeDate('2026-11-22')).toBe('22 November 2026');
  });

  it('keeps applications 12 months and enquiries 24 months unless the environment says otherwise', () => {
    expect(DEFAULT_RETENTION_DAYS).toEqual({ application: 365, enquiry: 730 });
    expect([365, 730, 90, 1].map(describeRetention)).toEqual(['12 months', '24 months', '90 days', '1 day']);
    const saved = { ...process.env };
    try {
      delete process.env.RETENTION_APPLICATION_DAYS;
      process.env.RETENTION_ENQUIRY_DAYS = '1095';
      expect(env.retentionDays).toEqual({ application: 365, enquiry: 1095 });
      process.env.RETENTION_ENQUIRY_DAYS = '12 months';
      expect(() => env.retentionDays).toThrow(
        'RETENTION_ENQUIRY_DAYS must be a whole number of days from 1 to 36500, not "12 months"',
      );
    } finally {
      process.env = saved;
    }
  });
});
