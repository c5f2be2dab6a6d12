// The functions record the settings they act with as the `settings` row
// 'site', so the staff tool run against the live database acts as the site
// does: the public address, where the link secret comes from (a configured one
// by its fingerprint only) and the retention periods, written when they change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationRequest } from '../../../../scripts/lib/sample-requests.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../../src/lib/privacy.ts';
import { createApplicationHandler } from '../../../../src/server/application-handler.ts';
import { secretFingerprint } from '../../../../src/server/documents/links.ts';
import {
  currentSiteSettings,
  readSiteSettings,
  recordSiteSettings,
  SITE_SETTINGS_NAME,
} from '../../../../src/server/submissions/site-settings.ts';
import { disarmInProcess } from '../../../support/rebuilt-documents.ts';
import { storedApplicationsPerTest } from '../../../support/stored-applications.ts';

const stored = storedApplicationsPerTest();
const db = () => stored.database.db;
const LIVE_ORIGIN = 'https://www.mnoadvocates.co.ke';

const rows = () => db().query<{ name: string; value: unknown }>(`SELECT name, value FROM settings ORDER BY name`);

beforeEach(() => {
  vi.stubEnv('SITE_URL', LIVE_ORIGIN);
  vi.stubEnv('DOCUMENT_LINK_SECRET', undefined);
  vi.stubEnv('DOCUMENT_LINK_DAYS', undefined);
  vi.stubEnv('RETENTION_APPLICATION_DAYS', undefined);
  vi.stubEnv('RETENTION_ENQUIRY_DAYS', undefined);
  vi.stubEnv('CONTEXT', undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the settings the site acts with', () => {
  it('are recorded as one row after an application is stored', async () => {
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('DOCUMENT_LINK_DAYS', '7');
    vi.stubEnv('RETENTION_ENQUIRY_DAYS', '400');
    const send = createApplicationHandler({ db: db(), notify: async () => {}, log: () => {}, disarm: disarmInProcess });
    expect((await send(await applicationRequest())).status).toBe(200);
    expect(await rows()).toEqual([
      {
        name: SITE_SETTINGS_NAME,
        value: {
          recordedAt: expect.any(String),
          deployContext: 'production',
          siteUrl: LIVE_ORIGIN,
          documentLinks: { secret: 'store', days: 7 },
          retentionDays: { application: 365, enquiry: 400 },
        },
      },
    ]);
  });

  it('name a configured DOCUMENT_LINK_SECRET by its fingerprint, never the secret', async () => {
    vi.stubEnv('DOCUMENT_LINK_SECRET', 'the-site-secret-0123456789');
    expect(await recordSiteSettings(db())).toBe(true);
    expect((await readSiteSettings(db()))?.documentLinks).toEqual({
      secret: 'environment',
      fingerprint: secretFingerprint('the-site-secret-0123456789'),
      days: 14,
    });
    expect(JSON.stringify(await rows())).not.toContain('the-site-secret');
  });

  it('are written only when something changed', async () => {
    const first = currentSiteSettings(new Date('2026-11-20T07:00:00Z'));
    expect(await recordSiteSettings(db(), first)).toBe(true);
    expect(await recordSiteSettings(db(), currentSiteSettings(new Date('2026-11-21T07:00:00Z')))).toBe(false);
    expect((await readSiteSettings(db()))?.recordedAt).toBe(first.recordedAt);
    vi.stubEnv('RETENTION_APPLICATION_DAYS', '180');
    expect(await recordSiteSettings(db())).toBe(true);
    expect((await readSiteSettings(db()))?.retentionDays).toEqual({ ...DEFAULT_RETENTION_DAYS, application: 180 });
    expect(await rows()).toHaveLength(1);
  });

  it('read as none when the row is missing or not settings this code can read', async () => {
    expect(await readSiteSettings(db())).toBeNull();
    await db().query(`INSERT INTO settings (name, value) VALUES ($1, $2)`, [SITE_SETTINGS_NAME, { siteUrl: 42 }]);
    expect(await readSiteSettings(db())).toBeNull();
  });
});
