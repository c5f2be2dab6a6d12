// Abuse costs the attacker, not the firm: the rate limit counts one visitor
// across every host of the site; each form stores at most its daily limit and
// then answers 429 until midnight (Nairobi), alerting the firm once that day,
// its count kept only with what it counted; a filled honeypot is answered as
// before but counted, logged without personal data and kept for staff; the
// applicant's acknowledgement carries nothing a visitor typed.
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
import { nairobiDay } from '../../../src/lib/nairobi-time.ts';
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
  secondsUntilNairobiMidnight,
} from '../../../src/server/submissions/daily-limit.ts';
import type { ApplicationRecord } from '../../../src/server/submissions/record.ts';
import { countingMailer } from '../../support/counting-mailer.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';
import { testNotificationSettings } from '../../support/notification-settings.ts';
import { messageOf } from '../../support/requests.ts';
import { smtpServerPerTest } from '../../support/smtp-per-test.ts';
import { runTool, testDatabase } from '../../support/submissions-tool.ts';
import { disarmInProcess } from '../../support/rebuilt-documents.ts';
import {
  dailyCounts,
  failingBeforeCommit,
  honeypotHits,
  storedRecords,
  useFormsDatabase,
} from '../../support/stored-enquiries.ts';

const database = useFormsDatabase();
// An application's documents are files in Blobs.
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
    db: database.db,
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
    expect(await storedRecords(database.db, 'contact')).toHaveLength(2);
    expect(await dailyCounts(database.db)).toEqual({ contact: 2 });
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
    const counted = await Promise.all(
      Array.from({ length: 12 }, () =>
        database.db
          .transaction(async (tx) => {
            const count = await countToday(tx, 'burst', NOW);
            if (count > 5) throw new Error('past the limit');
            return count;
          })
          .catch(() => null),
      ),
    );
    expect(counted.filter((count) => count !== null).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await dailyCounts(database.db)).toEqual({ burst: 5 });
    const alerts = await Promise.all(Array.from({ length: 7 }, () => firstToReachLimit(database.db, 'burst', NOW)));
    expect(alerts.filter(Boolean)).toHaveLength(1);
  });

  it('refuses an application past it, and frees its Idempotency-Key for tomorrow', async () => {
    const site = world();
    expect((await site.application()).status).toBe(200);
    const refused = await site.application(validApplicationData(), 'retry-key-0123456789');
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toBe(dailyLimitMessages.application);
    expect(await storedRecords(database.db, 'application')).toHaveLength(1);
    expect(await database.db.query('SELECT key_hash FROM idempotency_keys')).toEqual([]);
    const tomorrow = world(new Date(NOW.getTime() + DAY));
    expect((await tomorrow.application(validApplicationData(), 'retry-key-0123456789')).status).toBe(200);
  });

  it('counts nothing for a submission that could not be stored', async () => {
    const handler = createContactHandler({
      db: failingBeforeCommit(database.db),
      now: () => NOW,
      log: () => {},
      notify: async () => {},
    });
    const response = await handler(jsonRequest('/api/v1/client/contactform', { form_data: validContact() }));
    expect(response.status).toBe(500);
    expect(await dailyCounts(database.db)).toEqual({});
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

  it('counts in order, one row per counter and day in Nairobi, never with personal data', async () => {
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push(await countToday(database.db, 'test', NOW));
    expect(counts).toEqual([1, 2, 3]);
    expect(await database.db.query('SELECT day, counter, count, alerted_at FROM daily_counts')).toEqual([
      { day: nairobiDay(NOW), counter: 'test', count: 3, alerted_at: null },
    ]);
  });
});

describe('a filled honeypot', () => {
  const filled = { ...validContact(), msg: 'Please call me back about my land.', honey: 'autofilled' };

  it('is answered as before, kept as a honeypot hit, never e-mailed, and logged without personal data', async () => {
    const site = world();
    const response = await site.contact(filled);
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.contact);
    expect(await storedRecords(database.db)).toEqual([]);
    const hits = await database.db.query('SELECT id, form, received_at, data, documents FROM honeypot_hits');
    expect(hits).toEqual([
      { id: expect.stringMatching(/^[0-9A-Z]{26}$/), form: 'contact', received_at: NOW, data: filled, documents: null },
    ]);
    const [hit] = hits as Array<{ id: string }>;
    expect(await site.mailer.settled()).toBe(0);
    const entry = site.logged.find((logged) => String(logged.what).startsWith('honeypot filled'));
    expect(entry).toMatchObject({ level: 'info', form: 'contact', honeypotId: hit.id, today: 1 });
    expect(JSON.stringify(site.logged)).not.toMatch(/Wanjiru|wanjiru@|land|autofilled/);
  });

  it('keeps at most the form’s daily limit of them, answering the rest as before', async () => {
    const site = world();
    for (let i = 0; i < 3; i++) expect((await site.contact(filled)).status).toBe(200);
    expect(await honeypotHits(database.db)).toHaveLength(2);
    expect(site.logged.at(-1)).toMatchObject({ what: expect.stringContaining('not kept'), form: 'contact' });
    // Hits never count against the form's own limit.
    expect((await site.contact()).status).toBe(200);
    expect(await dailyCounts(database.db)).toEqual({ contact: 1, 'contact-honeypot': 2 });
  });

  it('keeps an application’s fields and describes its documents without keeping them', async () => {
    const site = world();
    const response = await site.application({ ...validApplicationData(), honey: 'http://spam.example' });
    expect(response.status).toBe(200);
    expect(await blobs.keys('application/')).toEqual([]);
    expect(await storedRecords(database.db)).toEqual([]);
    const [hit] = (await honeypotHits(database.db)) as Array<{
      form: string;
      data: unknown;
      documents: Array<{ field: string }>;
    }>;
    expect(hit!.form).toBe('application');
    expect(hit!.data).toMatchObject({ fullname: 'Achieng Njeri Mwangi', honey: 'http://spam.example' });
    expect(hit!.documents.map((document) => document.field)).toEqual([
      'cv_file',
      'kcse_file',
      'ksl_file',
      'llb_degree_file',
    ]);
    expect(hit!.documents[0]).toEqual({
      field: 'cv_file',
      name: expect.any(String),
      type: expect.any(String),
      size: expect.any(Number),
    });
  });

  it('is listed and shown by the staff tool', async () => {
    const site = world();
    await site.contact(filled);
    const [hit] = await honeypotHits(database.db);
    const id = hit!.id;
    const run = (argv: string[]) =>
      runTool(argv, {
        openStore: async () => {
          throw new Error('this test gives the tool no Blobs store');
        },
        openDatabase: async () => testDatabase(database.db),
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
