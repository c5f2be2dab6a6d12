// Abuse costs the attacker, not the firm: the rate limit counts one visitor
// across every host of the site; each form stores at most its daily limit and
// then answers 429 until midnight (Nairobi), alerting the firm once that day;
// a filled honeypot is answered as before but counted, logged without personal
// data and kept 14 days for staff; the applicant's acknowledgement carries
// nothing a visitor typed.
import { describe, expect, it, vi, afterEach } from 'vitest';
import { config as contactConfig } from '../../../netlify/functions/contactform.ts';
import { config as consultationConfig } from '../../../netlify/functions/inquiryform.ts';
import { config as applicationConfig } from '../../../netlify/functions/pupillage-application.ts';
import {
  applicationRequest,
  jsonRequest,
  validApplicationData,
  validConsultation,
  validContact,
} from '../../../scripts/lib/sample-requests.ts';
import { env } from '../../../src/env.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../src/lib/privacy.ts';
import {
  createConsultationHandler,
  createContactHandler,
  dailyLimitMessages,
  successMessages,
  type HandlerDeps,
} from '../../../src/server/handlers.ts';
import { createApplicationHandler } from '../../../src/server/application-handler.ts';
import { createLimitAlerter } from '../../../src/server/notify/limit-alert.ts';
import { applicantAcknowledgement } from '../../../src/server/notify/text.ts';
import {
  countToday,
  firstToReachLimit,
  isLapsedDailyKey,
  secondsUntilNairobiMidnight,
  type CounterStore,
} from '../../../src/server/submissions/daily-limit.ts';
import type { HoneypotHit } from '../../../src/server/submissions/honeypot.ts';
import { newSubmissionId } from '../../../src/server/submissions/ids.ts';
import type { ApplicationRecord } from '../../../src/server/submissions/record.ts';
import { purgeSubmissions } from '../../../src/server/submissions/retention.ts';
import { failingStore } from '../../support/blobs.ts';
import { countingMailer } from '../../support/counting-mailer.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';
import { testNotificationSettings } from '../../support/notification-settings.ts';
import { messageOf } from '../../support/requests.ts';
import { smtpServerPerTest } from '../../support/smtp-per-test.ts';
import { runTool, testStores } from '../../support/submissions-tool.ts';
import { disarmInProcess } from '../../support/rebuilt-documents.ts';

const blobs = localBlobsPerTest();
const smtp = smtpServerPerTest();
const DAY = 24 * 60 * 60 * 1000;
// 10:00 in Nairobi: 14 hours to midnight there.
const NOW = new Date('2026-11-23T07:00:00Z');

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Handlers at `now`, with small limits, the firm's alerts sent through a counting mailer to the test SMTP server. */
function world(now: Date = NOW, limits = { contact: 2, consultation: 2, application: 1, subscription: 2 }) {
  const logged: Array<Record<string, unknown>> = [];
  const log = (entry: Record<string, unknown>) => logged.push(entry);
  const mailer = countingMailer(testNotificationSettings(smtp.url).mailer!);
  const deps: HandlerDeps = {
    openStore: () => blobs.store(),
    now: () => now,
    log,
    notify: async () => {},
    dailyLimits: () => limits,
    disarm: disarmInProcess,
    alert: createLimitAlerter({ settings: () => testNotificationSettings(smtp.url, { mailer }), log }),
  };
  return {
    logged,
    mailer,
    contact: (formData: Record<string, unknown> = validContact()) =>
      createContactHandler(deps)(jsonRequest('/api/v1/client/contactform', { form_data: formData })),
    consultation: () =>
      createConsultationHandler(deps)(jsonRequest('/api/v1/client/inquiryform', { form_data: validConsultation() })),
    application: async (data: Record<string, unknown> = validApplicationData(), key?: string) => {
      const request = await applicationRequest({ data });
      if (key) request.headers.set('Idempotency-Key', key);
      return createApplicationHandler(deps)(request);
    },
  };
}

describe('Netlify’s rate limit', () => {
  it('counts one visitor across every host of the site, not once per host', () => {
    for (const config of [contactConfig, consultationConfig, applicationConfig]) {
      expect(config.rateLimit?.aggregateBy).toEqual(['ip']);
    }
  });
});

describe('a daily limit per form', () => {
  it('answers 429 past it, until midnight in Nairobi, with a clear JSON message, and stores nothing more', async () => {
    const site = world();
    expect((await site.contact()).status).toBe(200);
    expect((await site.contact()).status).toBe(200);
    const refused = await site.contact();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: dailyLimitMessages.contact });
    expect(refused.headers.get('retry-after')).toBe(String(14 * 60 * 60));
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(dailyLimitMessages.contact).toMatch(
      /cannot accept more until tomorrow\. Please e-mail us at \S+@\S+ or call us on/,
    );
    expect(await blobs.keys('contact/')).toHaveLength(2);
  });

  it('alerts the firm once that day, however many are refused, naming the form and the limit', async () => {
    const site = world();
    for (let i = 0; i < 5; i++) await site.contact();
    expect(await site.mailer.settled()).toBe(1);
    const [alert] = smtp.messages;
    expect(alert!.envelope.to).toEqual(['enquiries@mnoadvocates.test']);
    expect(alert!.subject).toBe('Website: the daily limit of 2 contact messages was reached');
    expect(alert!.text).toContain('(2026-11-23, Nairobi time)');
    expect(alert!.text).toContain('DAILY_LIMIT_ENQUIRY');
    expect(site.logged).toContainEqual(
      expect.objectContaining({ what: expect.stringContaining('daily limit reached'), form: 'contact', limit: 2 }),
    );
  });

  it('counts each form on its own, and starts again the next day in Nairobi', async () => {
    const today = world();
    for (let i = 0; i < 3; i++) await today.contact();
    expect((await today.consultation()).status).toBe(200);
    // 21:00 UTC is midnight in Nairobi: a new day there.
    const tomorrow = world(new Date('2026-11-23T21:00:00Z'));
    expect((await tomorrow.contact()).status).toBe(200);
    expect(secondsUntilNairobiMidnight(new Date('2026-11-23T21:00:00Z'))).toBe(24 * 60 * 60);
  });

  it('holds when many arrive at once: exactly the limit counted, one alert', async () => {
    // Against a store whose create-only write is atomic, as Netlify's is, each call taking its time, so the
    // calls interleave. (The local Blobs server checks, then writes; `npm start` runs one call at a time.)
    const entries = new Map<string, string>();
    const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    const store = {
      get: (async (key: string) => {
        await pause();
        return entries.get(key) ?? null;
      }) as unknown as CounterStore['get'],
      set: async (key: string, data: unknown, options?: { onlyIfNew?: boolean }) => {
        await pause();
        if (options?.onlyIfNew && entries.has(key)) return { modified: false };
        entries.set(key, String(data));
        return { modified: true, etag: '"x"' };
      },
    } as CounterStore;
    const counts = await Promise.all(Array.from({ length: 12 }, () => countToday(store, 'burst', 5, NOW)));
    expect(counts.filter((count) => count !== null).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(counts.filter((count) => count === null)).toHaveLength(7);
    const alerts = await Promise.all(Array.from({ length: 7 }, () => firstToReachLimit(store, 'burst', NOW)));
    expect(alerts.filter(Boolean)).toHaveLength(1);
  });

  it('refuses an application past it, and frees its Idempotency-Key for tomorrow', async () => {
    const site = world();
    expect((await site.application()).status).toBe(200);
    const refused = await site.application(validApplicationData(), 'retry-key-0123456789');
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toBe(dailyLimitMessages.application);
    expect((await blobs.keys('application/')).filter((key) => key.endsWith('/record'))).toHaveLength(1);
    expect(await blobs.keys('idempotency/')).toEqual([]);
    const tomorrow = world(new Date(NOW.getTime() + DAY));
    expect((await tomorrow.application(validApplicationData(), 'retry-key-0123456789')).status).toBe(200);
  });

  it('lets a submission through, and logs why, when the store cannot count it', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const handler = createContactHandler({
      openStore: () => failingStore(blobs.store(), (operation, key) => operation === 'set' && key.startsWith('daily/')),
      now: () => NOW,
      log: (entry) => logged.push(entry),
      notify: async () => {},
      dailyLimits: () => ({ contact: 1, consultation: 1, application: 1, subscription: 1 }),
    });
    const response = await handler(jsonRequest('/api/v1/client/contactform', { form_data: validContact() }));
    expect(response.status).toBe(200);
    expect(await blobs.keys('contact/')).toHaveLength(1);
    expect(logged).toContainEqual(
      expect.objectContaining({ what: 'count a submission against the daily limit (let through)', form: 'contact' }),
    );
  });

  it('is 300 applications and 1,000 of each enquiry form a day unless set, and refuses a value that is no whole number', () => {
    vi.stubEnv('DAILY_LIMIT_APPLICATION', undefined);
    vi.stubEnv('DAILY_LIMIT_ENQUIRY', undefined);
    expect(env.dailyLimits).toEqual({ contact: 1000, consultation: 1000, subscription: 1000, application: 300 });
    vi.stubEnv('DAILY_LIMIT_ENQUIRY', '50');
    vi.stubEnv('DAILY_LIMIT_APPLICATION', '20');
    expect(env.dailyLimits).toEqual({ contact: 50, consultation: 50, subscription: 50, application: 20 });
    vi.stubEnv('DAILY_LIMIT_ENQUIRY', 'lots');
    expect(() => env.dailyLimits).toThrow('DAILY_LIMIT_ENQUIRY must be a whole number from 1 to 100000, not "lots"');
  });

  it('counts in order, one slot a submission, and says when the limit is reached', async () => {
    const store = blobs.store();
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await countToday(store, 'test', 3, NOW));
    expect(counts).toEqual([1, 2, 3, null]);
    expect(await blobs.keys('daily/')).toEqual([
      'daily/2026-11-23/test/0000001',
      'daily/2026-11-23/test/0000002',
      'daily/2026-11-23/test/0000003',
    ]);
  });
});

describe('a filled honeypot', () => {
  const filled = { ...validContact(), msg: 'Please call me back about my land.', honey: 'autofilled' };

  it('is answered as before, kept under honeypot/, never e-mailed, and logged without personal data', async () => {
    const site = world();
    const response = await site.contact(filled);
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.contact);
    expect(await blobs.keys('contact/')).toEqual([]);
    const [key] = await blobs.keys('honeypot/');
    const hit = (await blobs.store().get(key!, { type: 'json' })) as HoneypotHit;
    expect(hit).toEqual({
      schemaVersion: 1,
      id: key!.slice('honeypot/'.length),
      form: 'contact',
      receivedAt: NOW.toISOString(),
      data: filled,
    });
    expect(await site.mailer.settled()).toBe(0);
    const entry = site.logged.find((logged) => String(logged.what).startsWith('honeypot filled'));
    expect(entry).toMatchObject({ level: 'info', form: 'contact', honeypotId: hit.id, today: 1 });
    expect(JSON.stringify(site.logged)).not.toMatch(/Wanjiru|wanjiru@|land|autofilled/);
  });

  it('keeps at most the form’s daily limit of them, answering the rest as before', async () => {
    const site = world();
    for (let i = 0; i < 3; i++) expect((await site.contact(filled)).status).toBe(200);
    expect(await blobs.keys('honeypot/')).toHaveLength(2);
    expect(site.logged.at(-1)).toMatchObject({ what: expect.stringContaining('not kept'), form: 'contact' });
    // Hits never count against the form's own limit.
    expect((await site.contact()).status).toBe(200);
  });

  it('keeps an application’s fields and describes its documents without keeping them', async () => {
    const site = world();
    const response = await site.application({ ...validApplicationData(), honey: 'http://spam.example' });
    expect(response.status).toBe(200);
    expect(await blobs.keys('application/')).toEqual([]);
    const [key] = await blobs.keys('honeypot/');
    const hit = (await blobs.store().get(key!, { type: 'json' })) as HoneypotHit;
    expect(hit.form).toBe('application');
    expect(hit.data).toMatchObject({ fullname: 'Achieng Njeri Mwangi', honey: 'http://spam.example' });
    expect(hit.documents?.map((document) => document.field)).toEqual([
      'cv_file',
      'kcse_file',
      'ksl_file',
      'llb_degree_file',
    ]);
    expect(hit.documents?.[0]).toEqual({
      field: 'cv_file',
      name: expect.any(String),
      type: expect.any(String),
      size: expect.any(Number),
    });
  });

  it('is deleted by the retention job after 14 days, with the daily counters after two', async () => {
    const store = blobs.store();
    const oldHit = `honeypot/${newSubmissionId(NOW.getTime() - 15 * DAY)}`;
    const freshHit = `honeypot/${newSubmissionId(NOW.getTime() - 13 * DAY)}`;
    for (const key of [oldHit, freshHit]) await store.setJSON(key, {});
    for (const key of [
      'daily/2026-11-20/contact/0000001',
      'daily/2026-11-21/contact/0000001',
      'daily/2026-11-23/contact/0000001',
    ])
      await store.set(key, '');
    expect(isLapsedDailyKey('daily/2026-11-20/contact/0000001', NOW)).toBe(true);
    const report = await purgeSubmissions(store, {
      now: NOW,
      periods: { ...DEFAULT_RETENTION_DAYS },
      dryRun: false,
      lapsedClaims: true,
    });
    expect(report.lapsedKeys).toEqual({ deleted: 2, failed: 0 });
    expect((await blobs.keys()).sort()).toEqual(
      ['daily/2026-11-21/contact/0000001', 'daily/2026-11-23/contact/0000001', freshHit].sort(),
    );
  });

  it('is listed and shown by the staff tool', async () => {
    const site = world();
    await site.contact(filled);
    const [key] = await blobs.keys('honeypot/');
    const id = key!.slice('honeypot/'.length);
    const run = (argv: string[]) =>
      runTool(argv, {
        openStore: async () => testStores(blobs),
        notificationSettings: () => testNotificationSettings(null),
        retentionPeriods: () => ({ ...DEFAULT_RETENTION_DAYS }),
      });
    const list = await run(['honeypot']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(`${id}\\s+contact\\s+2026-11-23 10:00\\s+Wanjiru Kamau <wanjiru@example\\.co\\.ke>`),
    );
    expect(list.stdout).toContain('1 hit, kept 14 days from arrival');
    const shown = await run(['honeypot', id.toLowerCase()]);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id, data: { msg: 'Please call me back about my land.' } });
    expect((await run(['honeypot', '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH'])).code).toBe(1);
  });
});

describe('the applicant’s acknowledgement', () => {
  it('carries nothing a visitor typed but the address it goes to; only the firm’s words and the reference', () => {
    const record = {
      id: '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH',
      receivedAt: NOW.toISOString(),
      files: [{}, {}, {}, {}],
      fields: { fullname: 'You won a prize! Claim at http://evil.example', email: 'victim@example.com' },
    } as unknown as ApplicationRecord;
    const mail = applicantAcknowledgement(record, {
      from: 'website@mnoadvocates.test',
      siteUrl: 'https://www.mnoadvocates.co.ke',
    });
    expect(mail.to).toEqual(['victim@example.com']);
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/prize|evil\.example/);
    expect(mail.text).toContain('Dear applicant,');
    expect(mail.text).toContain('Your reference number is 01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH.');
  });
});
