// Submissions are kept as long as the privacy notice says, and not a minute
// longer: the daily retention function and `purge` delete exactly what is past
// its period, documents included. Clocks are fixed.
import { describe, expect, it } from 'vitest';
import retention, { config } from '../../../netlify/functions/retention';
import { DEFAULT_RETENTION_DAYS } from '../../../src/lib/privacy';
import { applicationFileFields } from '../../../src/forms/application';
import {
  createApplicationHandler,
  createConsultationHandler,
  createContactHandler,
  type HandlerDeps,
} from '../../../src/server/handlers';
import { newSubmissionId } from '../../../src/server/ids';
import { createRetentionHandler, purgeSubmissions } from '../../../src/server/retention';
import { submissionKeys } from '../../../src/server/storage';
import { localBlobsPerTest } from '../../support/local-blobs-per-test';
import { applicationRequest, jsonRequest, validConsultation, validContact } from '../../support/requests';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const NOW = new Date('2027-11-22T09:00:00.000Z');
const ago = (ms: number, now = NOW) => new Date(now.getTime() - ms);
const periods = { ...DEFAULT_RETENTION_DAYS };

const blobs = localBlobsPerTest();

const at = (date: Date): HandlerDeps => ({ openStore: () => blobs.store(), now: () => date, notify: async () => {}, log: () => {} });

/** Submits through the real handlers as if at `date`; returns the new id. */
async function submit(type: 'contact' | 'consultation' | 'application', date: Date): Promise<string> {
  const before = new Set(await blobs.keys());
  const response =
    type === 'contact'
      ? await createContactHandler(at(date))(jsonRequest('/api/v1/client/contactform', { form_data: validContact() }))
      : type === 'consultation'
        ? await createConsultationHandler(at(date))(jsonRequest('/api/v1/client/inquiryform', { form_data: validConsultation() }))
        : await createApplicationHandler(at(date))(await applicationRequest());
  expect(response.status).toBe(200);
  const added = (await blobs.keys()).filter((key) => !before.has(key));
  return added[0]!.split('/')[1]!;
}

const idsLeft = async () => [...new Set((await blobs.keys()).map((key) => key.split('/')[1]))].sort();

describe('purging by the retention periods', () => {
  it('deletes applications older than 365 days and enquiries older than 730, with their files, and keeps the rest', async () => {
    const applicationOut = await submit('application', ago(365 * DAY + MINUTE));
    const applicationIn = await submit('application', ago(365 * DAY - MINUTE));
    const applicationOnTheDay = await submit('application', ago(365 * DAY));
    const contactOut = await submit('contact', ago(730 * DAY + MINUTE));
    const contactIn = await submit('contact', ago(730 * DAY - MINUTE));
    const consultationOut = await submit('consultation', ago(730 * DAY + MINUTE));
    // Past the application period but well inside the enquiry period.
    const consultationIn = await submit('consultation', ago(400 * DAY));

    const dryRun = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: true });
    expect(dryRun.expired.map((item) => item.id).sort()).toEqual([applicationOut, contactOut, consultationOut].sort());
    expect(dryRun.counts).toEqual({ contact: 1, consultation: 1, application: 1 });
    expect(dryRun.cutoffs).toEqual({
      contact: ago(730 * DAY).toISOString(),
      consultation: ago(730 * DAY).toISOString(),
      application: ago(365 * DAY).toISOString(),
    });
    expect(await idsLeft()).toHaveLength(7);

    const report = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false });
    expect(report.expired.find((item) => item.id === applicationOut)).toMatchObject({ type: 'application', keys: 5 });
    expect(report.failed).toEqual([]);
    expect(await idsLeft()).toEqual([applicationIn, applicationOnTheDay, contactIn, consultationIn].sort());
    expect(await blobs.keys(`application/${applicationOut}/`)).toEqual([]);
    expect(await blobs.keys(`application/${applicationIn}/`)).toHaveLength(1 + applicationFileFields.length);

    // A second run a day later takes the one that has now passed its period too.
    const dayLater = await purgeSubmissions(blobs.store(), { now: new Date(NOW.getTime() + DAY), periods, dryRun: false });
    expect(dayLater.expired.map((item) => item.id).sort()).toEqual([applicationIn, applicationOnTheDay, contactIn].sort());
  });

  it('deletes documents left without a record once they are past the period', async () => {
    const oldId = newSubmissionId(ago(366 * DAY).getTime());
    const newId = newSubmissionId(ago(10 * DAY).getTime());
    for (const id of [oldId, newId]) await blobs.store().set(submissionKeys.applicationFile(id, 'cv_file'), 'orphan');
    const report = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false });
    expect(report.expired).toEqual([{ type: 'application', id: oldId, receivedAt: ago(366 * DAY).toISOString(), keys: 1 }]);
    expect(await idsLeft()).toEqual([newId]);
  });

  it('only purges the types asked for', async () => {
    const contact = await submit('contact', ago(800 * DAY));
    await submit('application', ago(800 * DAY));
    const report = await purgeSubmissions(blobs.store(), { now: NOW, periods, types: ['application'], dryRun: false });
    expect(report.counts).toEqual({ contact: 0, consultation: 0, application: 1 });
    expect(await idsLeft()).toEqual([contact]);
  });
});

describe('the daily retention function', () => {
  it('runs once a day', () => {
    expect(config).toEqual({ schedule: '@daily' });
  });

  it('deletes what is past the default periods and logs ids and counts, never names or addresses', async () => {
    const now = new Date();
    const old = await submit('application', ago(366 * DAY, now));
    const fresh = await submit('application', ago(364 * DAY, now));
    const lines: string[] = [];
    const originalLog = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      expect((await retention()).status).toBe(204);
    } finally {
      console.log = originalLog;
    }
    expect(await idsLeft()).toEqual([fresh]);
    const entry = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'info',
      counts: { contact: 0, consultation: 0, application: 1 },
      deleted: [{ type: 'application', id: old }],
      periodsInDays: { application: 365, enquiry: 730 },
    });
    expect(lines.join('\n')).not.toMatch(/Achieng|@|30123456/);
  });

  it('uses RETENTION_APPLICATION_DAYS and RETENTION_ENQUIRY_DAYS when set', async () => {
    const application = await submit('application', ago(31 * DAY));
    const contact = await submit('contact', ago(61 * DAY));
    const keptContact = await submit('contact', ago(59 * DAY));
    const saved = { ...process.env };
    process.env.RETENTION_APPLICATION_DAYS = '30';
    process.env.RETENTION_ENQUIRY_DAYS = '60';
    try {
      const logged: Array<Record<string, unknown>> = [];
      const run = createRetentionHandler({ openStore: () => blobs.store(), now: () => NOW, log: (entry) => logged.push(entry) });
      expect((await run()).status).toBe(204);
      expect(logged[0]).toMatchObject({ periodsInDays: { application: 30, enquiry: 60 } });
      expect(((logged[0]!.deleted as Array<{ id: string }>).map((item) => item.id)).sort()).toEqual([application, contact].sort());
      expect(await idsLeft()).toEqual([keptContact]);
    } finally {
      process.env = saved;
    }
  });

  it('refuses a retention period that is not a whole number of days, and deletes nothing', async () => {
    await submit('application', ago(400 * DAY));
    const saved = { ...process.env };
    process.env.RETENTION_APPLICATION_DAYS = '0';
    try {
      const errors: Array<Record<string, unknown>> = [];
      const run = createRetentionHandler({ openStore: () => blobs.store(), now: () => NOW, log: () => {}, logError: (entry) => errors.push(entry) });
      expect((await run()).status).toBe(500);
      expect(String(errors[0]?.detail)).toContain('RETENTION_APPLICATION_DAYS must be a whole number of days');
      expect(await idsLeft()).toHaveLength(1);
    } finally {
      process.env = saved;
    }
  });
});
