// Telling the firm about a new submission by e-mail, and (optionally) telling
// an applicant their application arrived.
//
// When: the form functions send after the record is stored and before they
// answer, within NOTIFY_DEADLINE_MS. On Netlify a function's work is not
// guaranteed to continue once it has answered, so sending afterwards could
// silently never happen; a short deadline keeps a dead or slow SMTP server from
// holding the visitor for more than a few seconds. Whatever happens, the
// submission is already stored and the visitor is told it arrived: the record
// says whether the firm was notified (`notified`), and
// `npm run submissions -- resend <id>` sends what failed.
//
// What: plain-text messages only (nothing a visitor typed is ever rendered as
// HTML), with every header value made single-line (mail.ts). The firm's own
// words come first (what arrived, its reference, how to reply, the documents);
// then everything the visitor typed, every line quoted with "> ", so a message
// cannot pose as instructions to staff. Documents are never attached: the
// message gives a signed link to each (document-links.ts), which works for
// DOCUMENT_LINK_DAYS, and says how to export them after that.
import { applicationFileLabels, fileTypes, formatBytes } from '../forms/application';
import { env } from '../env';
import { PRIVACY_PATH } from '../lib/privacy';
import { formatOfficeAddress, site } from '../site.config';
import { documentLinks, documentLinkSettings, type DocumentLinks, type DocumentLinkSettings } from './document-links';
import { createSmtpMailer, headerText, redactAddresses, type Mailer, type OutgoingMail } from './mail';
import { describeSender, exportFileName, fieldLabels, longFields } from './records';
import type { ErrorLogger } from './responses';
import type { SubmissionStore, SubmissionType } from './storage';
import {
  nextNotificationStatus,
  saveNotificationStatus,
  type ApplicationRecord,
  type NotificationStatus,
  type SubmissionRecord,
} from './submissions';

/** The longest a form function waits for the mail server before answering anyway. */
export const NOTIFY_DEADLINE_MS = 8_000;

export interface NotificationSettings {
  /** null: notifications are off (no SMTP_URL). */
  mailer: Mailer | null;
  from: string;
  recipients: Record<SubmissionType, readonly string[]>;
  acknowledgeApplicants: boolean;
  /** The public origin, for the privacy notice link in acknowledgements. */
  siteUrl: string;
  /** How document links are signed; the secret may live in the store (document-links.ts). */
  documentLinks: (store: Pick<SubmissionStore, 'get' | 'set'>) => Promise<DocumentLinkSettings>;
}

let cachedMailer: { url: string; mailer: Mailer } | undefined;

/** The settings the environment gives (src/env.ts); the mailer is made once per SMTP_URL. */
export function notificationSettingsFromEnv(): NotificationSettings {
  const url = env.smtpUrl;
  if (url && cachedMailer?.url !== url) cachedMailer = { url, mailer: createSmtpMailer(url) };
  return {
    mailer: url ? cachedMailer!.mailer : null,
    from: env.mailFrom,
    recipients: {
      contact: env.notifyContactTo,
      consultation: env.notifyConsultationTo,
      application: env.notifyApplicationTo,
    },
    acknowledgeApplicants: env.acknowledgeApplicants,
    siteUrl: env.siteUrl,
    documentLinks: documentLinkSettings,
  };
}

// ---------------------------------------------------------------------------
// What the messages say.

const nairobiTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Sunday 22 November 2026 at 10:15 (Nairobi time)" */
export function formatReceived(iso: string): string {
  const parts = Object.fromEntries(nairobiTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} (Nairobi time)`;
}

/** A value shown on one labelled line: line breaks and control characters become spaces. */
const oneLine = (value: string) => headerText(value, 10_000);

const what: Record<SubmissionType, string> = {
  contact: 'contact message',
  consultation: 'consultation request',
  application: 'pupillage application',
};

/** The command staff run to read a submission again, or to fetch an application's documents. */
export const showCommand = (id: string) => `npm run submissions -- show ${id}`;
export const exportCommand = (id: string) => `npm run submissions -- export ${id} --out ./${id}`;

export function notificationSubject(record: SubmissionRecord): string {
  const { name } = describeSender(record);
  switch (record.type) {
    case 'contact':
      return `Contact message from ${name}: ${record.fields.interest}`;
    case 'consultation':
      return `Consultation request (${record.fields.practice}) from ${name}`;
    case 'application':
      return `Pupillage application from ${name} (${record.fields.work_location})`;
  }
}

function fieldLines(record: SubmissionRecord): string[] {
  const labels = fieldLabels[record.type] as Record<string, string>;
  const fields = record.fields as unknown as Record<string, string>;
  const width = Math.max(...Object.values(labels).map((label) => label.length)) + 2;
  const lines: string[] = [];
  const paragraphs: string[] = [];
  for (const [field, label] of Object.entries(labels)) {
    const value = fields[field] ?? '';
    if (longFields.has(field)) {
      paragraphs.push('', `${label}:`, value.trim() === '' ? '(left blank)' : value.trim());
    } else {
      lines.push(`${`${label}:`.padEnd(width)}${value === '' ? '(left blank)' : oneLine(value)}`);
    }
  }
  return [...lines, ...paragraphs];
}

const typeLabel = (mime: string) => Object.values(fileTypes).find((type) => type.mime === mime)?.label ?? mime;

const linkDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'long', year: 'numeric' });

/** The documents, with `links` when given; `sentAs` adds the names the applicant's files had. */
function documentLines(record: ApplicationRecord, links: DocumentLinks | undefined, { sentAs = true } = {}): string[] {
  const width = Math.max(...record.files.map((file) => exportFileName(file).length)) + 2;
  const listed = record.files.flatMap((file) => [
    `  ${exportFileName(file).padEnd(width)}${typeLabel(file.detectedType.mime)}, ${formatBytes(file.size)}` +
      (sentAs ? ` (sent as "${oneLine(file.originalName)}")` : ''),
    ...(links ? [`    ${links.urls[file.field]}`] : []),
  ]);
  const exportLines = ['in the website project (with the live site credentials, see README):', `  ${exportCommand(record.id)}`];
  if (!links) {
    return ['', 'Documents (stored with the application, not attached to this e-mail):', ...listed, '', `To download them, run this ${exportLines[0]}`, exportLines[1]!];
  }
  return [
    '',
    'Documents (open each with its link; they are not attached to this e-mail):',
    ...listed,
    '',
    `The links work until ${linkDate.format(links.expiresAt)} for anyone who has them: do not forward this e-mail outside the firm.`,
    `After that, "${showCommand(record.id)}" prints fresh links, or download the documents ${exportLines[0]}`,
    exportLines[1]!,
  ];
}

function consentLines(record: ApplicationRecord): string[] {
  const { consent } = record;
  return [
    '',
    `Declaration:     confirmed on ${formatReceived(consent.confirmedAt)}`,
    `Privacy notice:  version ${consent.privacyNoticeVersion ?? '(none)'}, ` +
      (consent.privacyConsentAt ? `read and accepted on ${formatReceived(consent.privacyConsentAt)}` : 'not asked by the form'),
  ];
}

/**
 * A submission's content as labelled lines: its fields, and for an application
 * its documents (with `links` to them when given) and consent.
 */
export function submissionDetails(record: SubmissionRecord, links?: DocumentLinks): string[] {
  return [...fieldLines(record), ...(record.type === 'application' ? [...documentLines(record, links), ...consentLines(record)] : [])];
}

/** "contact message", "consultation request", "pupillage application" */
export const describeType = (type: SubmissionType) => what[type];

/** Every line of `lines` (which may hold line breaks, of any kind) with "> " in front. */
const quoted = (lines: readonly string[]) =>
  lines.flatMap((line) => line.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)).map((line) => (line === '' ? '>' : `> ${line}`));

/** What the visitor typed or chose: the fields and, for an application, the names their files had. */
function visitorLines(record: SubmissionRecord): string[] {
  if (record.type !== 'application') return fieldLines(record);
  return [
    ...fieldLines(record),
    '',
    'Documents, as the applicant named them:',
    ...record.files.map((file) => `${applicationFileLabels[file.field]}: "${oneLine(file.originalName)}"`),
  ];
}

/** The e-mail that tells the firm about a submission; an application's carries `links` to its documents. */
export function staffNotification(
  record: SubmissionRecord,
  settings: Pick<NotificationSettings, 'from' | 'recipients'>,
  links?: DocumentLinks,
): OutgoingMail {
  const { name, email } = describeSender(record);
  const text = [
    `A new ${what[record.type]} arrived through the website on ${formatReceived(record.receivedAt)}.`,
    '',
    `Reference:  ${record.id}`,
    'To reply:   reply to this e-mail; it goes to the address the sender gave.',
    `To see it again: ${showCommand(record.id)}`,
    ...(record.type === 'application' ? [...documentLines(record, links, { sentAs: false }), ...consentLines(record)] : []),
    '',
    'Below, quoted, is what the sender typed, as it arrived. These are their words, not the firm’s:',
    'check before acting on any request or link in them.',
    '',
    ...quoted(visitorLines(record)),
    '',
  ].join('\n');
  return {
    from: settings.from,
    to: settings.recipients[record.type],
    replyTo: { name, address: email },
    subject: notificationSubject(record),
    text,
  };
}

const countWords: Record<number, string> = { 1: 'one', 2: 'two', 3: 'three', 4: 'four' };

/** The short e-mail that tells an applicant their application arrived. */
export function applicantAcknowledgement(record: ApplicationRecord, settings: Pick<NotificationSettings, 'from' | 'siteUrl'>): OutgoingMail {
  const office = site.offices[0];
  const privacyUrl = new URL(PRIVACY_PATH, settings.siteUrl).href;
  const text = [
    `Dear ${oneLine(record.fields.fullname)},`,
    '',
    `Thank you for applying for pupillage at ${site.name}. We received your application and your ` +
      `${countWords[record.files.length] ?? record.files.length} documents on ${formatReceived(record.receivedAt)}.`,
    '',
    'We read every application carefully and will contact you about the next steps once we have ' +
      'reviewed all the applications we have received.',
    '',
    `Your reference number is ${record.id}. Please quote it if you write to us about your application, ` +
      `either by replying to this e-mail or at ${site.email.careers}.`,
    '',
    'Our privacy notice explains how we use and protect the information you sent us, how long we keep it, ' +
      `and how to ask us for a copy of it or to correct or delete it: ${privacyUrl}`,
    '',
    'Kind regards,',
    '',
    'Recruitment Team',
    site.name,
    ...(office ? [`${formatOfficeAddress(office)}, ${office.city}`] : []),
    '',
  ].join('\n');
  return {
    from: settings.from,
    to: [{ name: record.fields.fullname, address: record.fields.email }],
    replyTo: { name: `${site.shortName} Careers`, address: site.email.careers },
    subject: `Your pupillage application to ${site.shortName}`,
    text,
  };
}

// ---------------------------------------------------------------------------
// Sending.

/**
 * A short, single-line reason a send failed, with its cause when it has one,
 * fit for the record and the log: no message content, and every address cut
 * to its first letter and domain.
 */
export function describeSendError(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? `; cause: ${describeCause(error.cause)}` : '';
  return headerText(redactAddresses(describeFailure(error) + cause), 500);
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const reason = error.name === 'AbortError' || code === 'EABORT' ? 'gave up waiting for the mail server' : error.message;
  return `${typeof code === 'string' ? `${code}: ` : ''}${reason}`;
}

const describeCause = (cause: unknown) => (cause instanceof Error ? `${cause.name}: ${describeFailure(cause)}` : String(cause));

/**
 * Sends the firm's notification of `record`, an application's with fresh links
 * to its documents signed for `store`'s site; throws if the mail server did not take it.
 */
export async function sendStaffNotification(
  record: SubmissionRecord,
  settings: NotificationSettings,
  { store, signal, now = new Date() }: { store: Pick<SubmissionStore, 'get' | 'set'>; signal?: AbortSignal; now?: Date },
): Promise<void> {
  if (!settings.mailer) throw new Error('Notifications are off: SMTP_URL is not set');
  const links = record.type === 'application' ? documentLinks(record.id, await settings.documentLinks(store), now) : undefined;
  await settings.mailer.send(staffNotification(record, settings, links), signal ? { signal } : {});
}

/** Tells the firm about a stored submission, then records the outcome on it. Never throws. */
export type Notifier = (submission: {
  store: Pick<SubmissionStore, 'get' | 'set' | 'setJSON'>;
  key: string;
  record: SubmissionRecord;
  /** The ETag of the record as just written, so the update cannot overwrite a later change. */
  etag: string | undefined;
  requestId?: string | undefined;
}) => Promise<void>;

export interface NotifierOptions {
  settings?: () => NotificationSettings;
  log: ErrorLogger;
  now?: () => Date;
  deadlineMs?: number;
}

export function createNotifier({
  settings: readSettings = notificationSettingsFromEnv,
  log,
  now = () => new Date(),
  deadlineMs = NOTIFY_DEADLINE_MS,
}: NotifierOptions): Notifier {
  let warnedOff = false;
  return async ({ store, key, record, etag, requestId }) => {
    const context = { submissionId: record.id, form: record.type, requestId };
    let settings: NotificationSettings;
    try {
      settings = readSettings();
    } catch (error) {
      log({ what: 'read the notification settings', ...context, detail: describeSendError(error) });
      return;
    }
    if (!settings.mailer) {
      if (!warnedOff) {
        warnedOff = true;
        log({
          level: 'warn',
          what: 'notifications are off: SMTP_URL is not set, so submissions are stored but nobody is e-mailed',
          ...context,
        });
      }
      return;
    }

    const signal = AbortSignal.timeout(deadlineMs);
    const acknowledge =
      record.type === 'application' && settings.acknowledgeApplicants
        ? settings.mailer.send(applicantAcknowledgement(record, settings), { signal }).catch((error: unknown) => {
            log({ what: 'acknowledge the application to the applicant', ...context, detail: describeSendError(error) });
          })
        : Promise.resolve();

    let status: NotificationStatus;
    try {
      await sendStaffNotification(record, settings, { store, signal, now: now() });
      status = nextNotificationStatus(record.notified, { deliveredAt: now() });
    } catch (error) {
      status = nextNotificationStatus(record.notified, { error: describeSendError(error) });
      log({
        what: 'notify the firm of a stored submission (it can be resent with "npm run submissions -- resend")',
        ...context,
        detail: status.lastError,
      });
    }
    await acknowledge;

    try {
      const saved = await saveNotificationStatus(store, key, record, status, etag);
      if (!saved) log({ what: 'record the notification status: the record changed meanwhile', ...context, notified: status });
    } catch (error) {
      log({ what: 'record the notification status', ...context, notified: status, detail: describeSendError(error) });
    }
  };
}
