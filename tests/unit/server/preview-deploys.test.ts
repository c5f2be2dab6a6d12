// Deploy previews and branch deploys are sandboxed: with CONTEXT set as Netlify
// sets it (or the platform's own word for the call), the real functions keep
// their records in the database Netlify gives the deploy (its own branch) and
// any files in the store "submissions-preview", and e-mail nobody at the firm,
// only NOTIFY_PREVIEW_TO; the daily retention job purges both.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contactform from '../../../netlify/functions/contactform.ts';
import pupillageApplication from '../../../netlify/functions/pupillage-application.ts';
import retention from '../../../netlify/functions/retention.ts';
import subscribe from '../../../netlify/functions/subscribe.ts';
import { applicationRequest, jsonRequest, validContact } from '../../../scripts/lib/sample-requests.ts';
import { alertStoreName } from '../../../scripts/submissions/open-store.ts';
import { env } from '../../../src/env.ts';
import { notificationSettingsFromEnv } from '../../../src/server/notify/settings.ts';
import { newSubmissionId } from '../../../src/server/submissions/ids.ts';
import { contactRecord } from '../../../src/server/submissions/record.ts';
import { insertSubmission } from '../../../src/server/submissions/rows.ts';
import {
  PREVIEW_SUBMISSIONS_STORE,
  SUBMISSIONS_STORE,
  submissionKeys,
  submissionStoreName,
} from '../../../src/server/submissions/store.ts';
import { site } from '../../../src/site.config.ts';
import { deployListing } from '../../support/built-categories.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';
import { smtpServerPerTest } from '../../support/smtp-per-test.ts';
import { storedRecords, useFormsDatabase } from '../../support/stored-enquiries.ts';

// The deploy's database: on Netlify, a preview's own branch.
const database = useFormsDatabase();
const blobs = localBlobsPerTest();
const smtp = smtpServerPerTest();
const TESTER = 'tester@agency.example';
const PREVIEW_ORIGIN = 'https://deploy-preview-12--mno-advocates.netlify.app';

const keysOf = async (name: string) =>
  (await blobs.store(name).list()).blobs
    .map((blob) => blob.key)
    .filter((key) => !key.startsWith('settings/'))
    .sort();

/** What the function wrote to its log (console.error), as JSON entries. */
function captureLog() {
  const entries: Array<Record<string, unknown>> = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => {
    entries.push(JSON.parse(line) as Record<string, unknown>);
  });
  return entries;
}

beforeEach(async () => {
  await blobs.store(PREVIEW_SUBMISSIONS_STORE).deleteAll();
  vi.stubEnv('SMTP_URL', smtp.url);
  vi.stubEnv('NOTIFY_CONTACT_TO', 'enquiries@mnoadvocates.test');
  vi.stubEnv('NOTIFY_APPLICATION_TO', 'recruitment@mnoadvocates.test');
  vi.stubEnv('NOTIFY_PREVIEW_TO', undefined);
  vi.stubEnv('DEPLOY_PRIME_URL', PREVIEW_ORIGIN);
  vi.stubEnv('SITE_URL', 'https://www.mnoadvocates.co.ke');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  delete (globalThis as { Netlify?: unknown }).Netlify;
});

const sendContact = () => contactform(jsonRequest('/api/v1/client/contactform', { form_data: validContact() }));

describe('which deploys are previews', () => {
  it.each([
    [undefined, false],
    ['production', false],
    ['dev', false],
    ['deploy-preview', true],
    ['branch-deploy', true],
    ['Deploy-Preview', true],
    ['some-context-netlify-adds-later', true],
  ])('CONTEXT=%s: a preview deploy? %s', (context, preview) => {
    vi.stubEnv('CONTEXT', context);
    expect(env.isPreviewDeploy).toBe(preview);
    expect(submissionStoreName()).toBe(preview ? PREVIEW_SUBMISSIONS_STORE : SUBMISSIONS_STORE);
  });

  it('takes the platform’s deploy context for the call under way before CONTEXT, and its address for links', () => {
    vi.stubEnv('CONTEXT', undefined);
    (globalThis as { Netlify?: unknown }).Netlify = {
      context: { deploy: { context: 'deploy-preview' }, url: new URL(`${PREVIEW_ORIGIN}/api/v1/client/contactform`) },
    };
    expect(env.isPreviewDeploy).toBe(true);
    expect(env.deployUrl).toBe(PREVIEW_ORIGIN);
    (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context: 'production' } } };
    vi.stubEnv('CONTEXT', 'deploy-preview');
    expect(env.isPreviewDeploy).toBe(false);
    // The local server's functions have a Context without a deploy context: CONTEXT decides.
    (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context: '' } } };
    expect(env.isPreviewDeploy).toBe(true);
  });
});

describe('with CONTEXT=deploy-preview', () => {
  beforeEach(() => {
    vi.stubEnv('CONTEXT', 'deploy-preview');
  });

  it('stores a contact message in the deploy’s database and nothing in Blobs, e-mails nobody, and says why in the log', async () => {
    const logged = captureLog();
    const response = await sendContact();
    expect(response.status).toBe(200);
    expect(await storedRecords(database.db, 'contact')).toHaveLength(1);
    expect(await keysOf(SUBMISSIONS_STORE)).toEqual([]);
    expect(await keysOf(PREVIEW_SUBMISSIONS_STORE)).toEqual([]);
    // The function answers only after sending: had anything been sent, it would be here.
    expect(smtp.messages).toEqual([]);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        what: expect.stringContaining('deploy preview or branch deploy and NOTIFY_PREVIEW_TO is not set'),
      }),
    );
  });

  it('e-mails NOTIFY_PREVIEW_TO alone, marked as a preview, never the firm', async () => {
    vi.stubEnv('NOTIFY_PREVIEW_TO', TESTER);
    expect((await sendContact()).status).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.envelope.to).toEqual([TESTER]);
    expect(mail!.subject).toBe('[Preview] Contact message from Wanjiru Kamau: Estate planning');
    expect(mail!.raw).not.toContain('enquiries@mnoadvocates.test');
    expect(mail!.raw).not.toContain(site.email.general);
  });

  it('sends an application’s notice and acknowledgement to NOTIFY_PREVIEW_TO, with links to the preview itself', async () => {
    vi.stubEnv('NOTIFY_PREVIEW_TO', TESTER);
    vi.stubEnv('ACKNOWLEDGE_APPLICANTS', 'true');
    expect((await pupillageApplication(await applicationRequest())).status).toBe(200);
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages.map((mail) => mail.envelope.to)).toEqual([[TESTER], [TESTER]]);
    const notice = smtp.messages.find((mail) => mail.subject.startsWith('[Preview] Pupillage application'))!;
    expect(notice.text).toContain(`${PREVIEW_ORIGIN}/api/v1/documents/`);
    expect(notice.text).not.toContain('https://www.mnoadvocates.co.ke/api/');
    expect(await storedRecords(database.db, 'application')).toHaveLength(1);
    expect((await keysOf(PREVIEW_SUBMISSIONS_STORE)).some((key) => key.includes('/files/'))).toBe(true);
    expect(await keysOf(SUBMISSIONS_STORE)).toEqual([]);
  });

  it('keeps an alerts request in the deploy’s own database, its confirmation to NOTIFY_PREVIEW_TO linking the preview', async () => {
    vi.stubEnv('NOTIFY_PREVIEW_TO', TESTER);
    // The function asks the preview itself which categories its build found.
    deployListing(PREVIEW_ORIGIN, ['Tax_Law']);
    const request = { email: 'reader@example.com', categories: ['tax-law'], consent: true };
    expect((await subscribe(jsonRequest('/api/v1/client/subscribe', request))).status).toBe(202);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual([TESTER]);
    expect(mail!.text).toContain(`${PREVIEW_ORIGIN}/api/v1/alerts/confirm/`);
    expect(await database.db.query('SELECT email, categories FROM alert_requests')).toEqual([
      { email: 'reader@example.com', categories: ['tax-law'] },
    ]);
    expect(await keysOf(alertStoreName(true))).toEqual([]);
    expect(await keysOf(alertStoreName(false))).toEqual([]);
  });

  it('names the preview’s testers as the recipients of everything, so a resend cannot reach the firm either', () => {
    vi.stubEnv('NOTIFY_PREVIEW_TO', `${TESTER}, second@agency.example`);
    expect(notificationSettingsFromEnv().recipients).toEqual({
      contact: [TESTER, 'second@agency.example'],
      consultation: [TESTER, 'second@agency.example'],
      application: [TESTER, 'second@agency.example'],
    });
  });
});

describe('the daily retention job', () => {
  it('deletes a preview’s lapsed records from the deploy’s own database, their documents from the preview’s store', async () => {
    vi.stubEnv('CONTEXT', 'deploy-preview');
    const old = new Date(Date.now() - 800 * 24 * 60 * 60 * 1000);
    const id = newSubmissionId(old.getTime());
    const document = submissionKeys.applicationFile(id, 'cv_file');
    await blobs.store(PREVIEW_SUBMISSIONS_STORE).set(document, 'a rebuilt CV');
    const record = contactRecord({ ...validContact(), honey: '' }, { id, receivedAt: old });
    const application = {
      ...record,
      type: 'application',
      consent: {
        declaration: '',
        confirmed: true,
        confirmedAt: old.toISOString(),
        privacyNoticeVersion: null,
        privacyConsentAt: null,
      },
      files: [
        {
          field: 'cv_file',
          originalName: 'cv.pdf',
          size: 12,
          detectedType: { ext: 'pdf', mime: 'application/pdf' },
          sha256: '',
          key: document,
        },
      ],
    };
    await database.db.transaction((tx) => insertSubmission(tx, application as never));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect((await retention()).status).toBe(204);
    expect(await storedRecords(database.db, 'application')).toEqual([]);
    expect(await keysOf(PREVIEW_SUBMISSIONS_STORE)).toEqual([]);
  });
});
