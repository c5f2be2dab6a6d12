// What the e-mails about a submission say: the firm's notification, an
// applicant's acknowledgement, the labelled lines `npm run submissions -- show`
// prints too, and the daily digest of what could not be sent (sending them is
// sending.ts's job). Plain text only, every header single-line (mail.ts); the
// firm's own words first, then what the visitor typed, every line quoted with
// "> "; documents never attached, only signed links (documents/links.ts). Why:
// docs/architecture.md, "What the e-mails say".
import { applicationFileLabels, fileTypes, formatBytes } from '../../forms/application/application.ts';
import { formatNairobiDate, formatNairobiTime } from '../../lib/nairobi-time.ts';
import { PRIVACY_PATH } from '../../lib/privacy.ts';
import { formatOfficeAddress, site } from '../../site.config.ts';
import type { BookingAnswer } from '../bookings/answer-links.ts';
import { lapseOf } from '../bookings/holds.ts';
import type { DocumentLinks } from '../documents/links.ts';
import {
  describeSender,
  describeType,
  describeValue,
  documentFileName,
  fieldLabels,
  longFields,
} from '../submissions/record-labels.ts';
import type { ApplicationRecord, SubmissionRecord } from '../submissions/record.ts';
import { headerText, type OutgoingMail } from './mail.ts';
import type { PendingSubmission } from './pending.ts';
import type { NotificationSettings } from './settings.ts';

/** A value shown on one labelled line: line breaks and control characters become spaces. */
const oneLine = (value: string) => headerText(value, 10_000);

/** The command staff run to read a submission again, or to fetch an application's documents. */
const showCommand = (id: string) => `npm run submissions -- show ${id}`;
// Outside the checkout: the tool refuses to write personal data inside a project or git work tree.
const exportCommand = (id: string) => `npm run submissions -- export ${id} --out ~/submissions/${id}`;

/** The subject of the firm's notification: what arrived, from whom. */
function notificationSubject(record: SubmissionRecord): string {
  const { name } = describeSender(record);
  switch (record.type) {
    case 'contact':
      return `Contact message from ${name}: ${record.fields.interest}`;
    case 'consultation': {
      const { contact_method: contactBy } = record.fields;
      const prefers = contactBy ? `, prefers ${describeValue('consultation', 'contact_method', contactBy)}` : '';
      const time = chosenTime(record);
      return time
        ? `Consultation on ${time}: ${name} (${record.fields.practice})${prefers}`
        : `Consultation request (${record.fields.practice}) from ${name}${prefers}`;
    }
    case 'application':
      return `Pupillage application from ${name} (${record.fields.work_location})`;
  }
}

/** "Wednesday 2 December 2026 at 08:45 (Nairobi time), Video call": a consultation's chosen time and place. */
function chosenTime(record: SubmissionRecord): string | undefined {
  if (record.type !== 'consultation' || !record.fields.slot) return undefined;
  const { slot, meeting_place: place } = record.fields;
  return `${describeValue('consultation', 'slot', slot)}, ${describeValue('consultation', 'meeting_place', place)}`;
}

/** "Name:" before a value; a label that is a question ("Why do you want to join …?") stands as it is. */
const heading = (label: string) => (label.endsWith('?') ? label : `${label}:`);

function fieldLines(record: SubmissionRecord): string[] {
  const labels = fieldLabels[record.type];
  const fields = record.fields as unknown as Record<string, unknown>;
  const oneLineLabels = Object.entries(labels).filter(([field]) => !longFields.has(field));
  const width = Math.max(...oneLineLabels.map(([, label]) => heading(label).length)) + 1;
  const lines: string[] = [];
  const paragraphs: string[] = [];
  for (const [field, label] of Object.entries(labels)) {
    const value = describeValue(record.type, field, fields[field]);
    if (longFields.has(field)) {
      paragraphs.push('', heading(label), value.trim() === '' ? '(left blank)' : value.trim());
    } else {
      lines.push(`${heading(label).padEnd(width)}${value === '' ? '(left blank)' : oneLine(value)}`);
    }
  }
  return [...lines, ...paragraphs];
}

const typeLabel = (mime: string) => Object.values(fileTypes).find((type) => type.mime === mime)?.label ?? mime;

/** The documents, with `links` when given; `sentAs` adds the names the applicant's files had. */
function documentLines(record: ApplicationRecord, links: DocumentLinks | undefined, { sentAs = true } = {}): string[] {
  const width = Math.max(...record.files.map((file) => documentFileName(file).length)) + 2;
  const listed = record.files.flatMap((file) => [
    `  ${documentFileName(file).padEnd(width)}${typeLabel(file.detectedType.mime)}, ${formatBytes(file.size)}` +
      (sentAs ? ` (sent as "${oneLine(file.originalName)}")` : ''),
    ...(links ? [`    ${links.urls[file.field]}`] : []),
  ]);
  const exportLines = [
    'in the website project (with the live site credentials, see docs/operations.md):',
    `  ${exportCommand(record.id)}`,
  ];
  if (!links) {
    return [
      '',
      'Documents (stored with the application, not attached to this e-mail):',
      ...listed,
      '',
      `To download them, run this ${exportLines[0]}`,
      exportLines[1]!,
    ];
  }
  return [
    '',
    'Documents (open each with its link; they are not attached to this e-mail):',
    ...listed,
    '',
    `The links work until ${formatNairobiDate(links.expiresAt)} for anyone who has them: do not forward this e-mail outside the firm.`,
    `After that, "${showCommand(record.id)}" prints fresh links, or download the documents ${exportLines[0]}`,
    exportLines[1]!,
  ];
}

function consentLines(record: ApplicationRecord): string[] {
  const { consent } = record;
  return [
    '',
    `Declaration:     confirmed on ${formatNairobiTime(consent.confirmedAt)}`,
    `Privacy notice:  version ${consent.privacyNoticeVersion ?? '(none)'}, ` +
      (consent.privacyConsentAt
        ? `read and accepted on ${formatNairobiTime(consent.privacyConsentAt)}`
        : 'not asked by the form'),
  ];
}

/**
 * A submission's content as labelled lines: its fields, and for an application
 * its documents (with `links` to them when given) and consent.
 */
export function submissionDetails(record: SubmissionRecord, links?: DocumentLinks): string[] {
  return [
    ...fieldLines(record),
    ...(record.type === 'application' ? [...documentLines(record, links), ...consentLines(record)] : []),
  ];
}

/** Every line of `lines` (which may hold line breaks, of any kind) with "> " in front. */
const quoted = (lines: readonly string[]) =>
  lines
    .flatMap((line) => line.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/))
    .map((line) => (line === '' ? '>' : `> ${line}`));

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
  answers?: Record<BookingAnswer, string>,
): OutgoingMail {
  const { name, email } = describeSender(record);
  const text = [
    `A new ${describeType(record.type)} arrived through the website on ${formatNairobiTime(record.receivedAt)}.`,
    ...(record.type !== 'application' && record.language === 'sw'
      ? ['The visitor wrote from the Kiswahili page: they may prefer to be answered in Kiswahili.']
      : []),
    ...(chosenTime(record)
      ? [
          `They chose a time: ${chosenTime(record)}. It is held for them, and offered to no one else, until ` +
            `${formatNairobiTime(lapseOf(new Date(record.receivedAt)))}; answer before then.`,
          ...(answers
            ? [
                '',
                `To confirm it (they are e-mailed the confirmation and a calendar invitation): ${answers.confirm}`,
                `To decline it (the time is offered again; they are asked to choose another): ${answers.decline}`,
                'Each link opens a page with a button: nothing changes until you press it.',
              ]
            : []),
        ]
      : []),
    '',
    `Reference:  ${record.id}`,
    'To reply:   reply to this e-mail; it goes to the address the sender gave.',
    `To see it again: ${showCommand(record.id)}`,
    ...(record.type === 'application'
      ? [...documentLines(record, links, { sentAs: false }), ...consentLines(record)]
      : []),
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

/**
 * The short e-mail that tells an applicant their application arrived. It goes
 * to whatever address was typed into the form, so it carries nothing else
 * anyone typed (not even the name, in the greeting or the To header): only the
 * firm's own words and the reference the firm gives. Otherwise anyone could
 * make the firm's server deliver a text of their choosing to any address.
 */
export function applicantAcknowledgement(
  record: ApplicationRecord,
  settings: Pick<NotificationSettings, 'from' | 'siteUrl'>,
): OutgoingMail {
  const office = site.offices[0];
  const privacyUrl = new URL(PRIVACY_PATH, settings.siteUrl).href;
  const text = [
    'Dear applicant,',
    '',
    `Thank you for applying for pupillage at ${site.name}. We received your application and your ` +
      `${countWords[record.files.length] ?? record.files.length} documents on ${formatNairobiTime(record.receivedAt)}.`,
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
    to: [record.fields.email],
    replyTo: { name: `${site.shortName} Careers`, address: site.email.careers },
    subject: `Your pupillage application to ${site.shortName}`,
    text,
  };
}

/** At most this many submissions are listed in the digest; the count covers the rest. */
const DIGEST_MAX_LISTED = 50;

/**
 * The daily digest of submissions nobody has been e-mailed about for over a
 * day (stuck-report.ts), to everyone who hears of any form: ids, types, times and
 * errors only, so it is no second copy of what the visitors sent.
 */
export function stuckDigest(
  stuck: readonly PendingSubmission[],
  settings: Pick<NotificationSettings, 'from' | 'recipients'>,
): OutgoingMail {
  const count = stuck.length;
  const listed = stuck.slice(0, DIGEST_MAX_LISTED);
  const text = [
    `The website stored ${count === 1 ? 'this submission' : `these ${count} submissions`} but has not been able to ` +
      'e-mail the firm about ' +
      `${count === 1 ? 'it' : 'them'} for over a day. Each is retried automatically for a week after it arrived.`,
    '',
    ...listed.flatMap((item) => [
      `${item.id}  ${describeType(item.type)}, received ${formatNairobiTime(item.receivedAt)}`,
      `    ${item.attempts} attempt${item.attempts === 1 ? '' : 's'}` +
        (item.state === 'given-up' ? ', no longer retried automatically' : '') +
        (item.lastError ? `; last error: ${oneLine(item.lastError)}` : ''),
    ]),
    ...(count > listed.length ? [`… and ${count - listed.length} more.`] : []),
    '',
    'In the website project (with the live site credentials, see docs/operations.md):',
    `  ${showCommand('<id>')}            reads one`,
    '  npm run submissions -- resend --pending   sends them all now',
    '',
  ].join('\n');
  return {
    from: settings.from,
    to: [...new Set(Object.values(settings.recipients).flat())],
    subject: `${count} website submission${count === 1 ? '' : 's'} not e-mailed to the firm for over a day`,
    text,
  };
}
