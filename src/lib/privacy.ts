// The privacy notice's facts that code also relies on, in one place: its
// address, its version (stored with each application the person consented
// under), how long submissions are kept (the notice states the periods; the
// retention function and `npm run submissions -- purge` apply them), how long
// the note of an erasure is, how long alert requests, consent records and the
// staff desk's audit trail are. The notice's text is src/content/privacy-notice.md; the functions at the end
// fill its {placeholders} from these facts and split off its summary.
import { formatOfficeAddress, telHref, type Office } from '../site.config.ts';
import { officeLine } from '../content/office-line.ts';

/** Where the privacy notice is published. */
export const PRIVACY_PATH = '/privacy';

/**
 * The date the notice's current text took effect. Change it whenever the text
 * changes in substance: every application records the version it was sent under.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-28';

/**
 * How long submissions are kept by default, in days from receipt. Deployments
 * may override them (RETENTION_APPLICATION_DAYS, RETENTION_ENQUIRY_DAYS, see
 * src/env.ts); the notice is built with the same values.
 */
export const DEFAULT_RETENTION_DAYS = {
  /** Pupillage applications and their documents: 12 months. */
  application: 365,
  /** Contact messages and consultation requests: 24 months. */
  enquiry: 730,
} as const;

export type RetentionClass = keyof typeof DEFAULT_RETENTION_DAYS;

/**
 * How long the note of an erasure made at someone's request is kept (its date,
 * how much was erased, a keyed hash of the address: src/server/submissions/erasures.ts),
 * then deleted by the retention job. It is how the firm shows it acted, should
 * the person or the Data Commissioner ask, so it should outlast the time in which
 * a complaint or claim would usually come (six years is Kenya's limit for a claim
 * in contract). The notice states it. Not a setting: the firm's data protection
 * adviser may choose another period here.
 */
export const ERASURE_RECORD_YEARS = 6;

/**
 * What a form sent with its hidden honeypot field filled is kept for: long
 * enough for staff to find a real message a visitor says went missing, short
 * enough to hold little that was never meant for the firm. The notice states it.
 */
export const HONEYPOT_KEEP_DAYS = 14;

/**
 * How long a request for article alerts waits for its confirmation (and its
 * link works) before it is forgotten: src/server/alerts/links.ts. The notice states it.
 */
export const ALERT_REQUEST_DAYS = 7;

/**
 * How long the record of a consent to article alerts, given or withdrawn, is
 * kept once the person unsubscribes: the proof of consent the Act asks of the
 * firm (s. 32), kept as long as the note of an erasure (ERASURE_RECORD_YEARS),
 * for the same reason. The notice states it.
 */
export const CONSENT_RECORD_YEARS = 6;

/**
 * How long the staff desk's audit trail (who opened or changed what, and when:
 * src/server/desk/audit.ts) is kept, then deleted by the retention job. It must
 * outlast the records it speaks of, to answer a complaint about who saw them,
 * so it is kept as long as the note of an erasure, for the same reason. The notice states it.
 */
export const AUDIT_TRAIL_YEARS = 6;

export interface RetentionPeriods {
  application: number;
  enquiry: number;
}

/** A period as the notice words it: 365 → "12 months", 730 → "24 months", 90 → "90 days". */
export function describeRetention(days: number): string {
  if (days % 365 === 0) {
    const months = (days / 365) * 12;
    return `${months} months`;
  }
  return days === 1 ? '1 day' : `${days} days`;
}

/** "22 November 2026" for a YYYY-MM-DD version. */
export function formatNoticeDate(version: string = PRIVACY_NOTICE_VERSION): string {
  const date = new Date(`${version}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** Where the notice's Markdown lives, from the project root. */
export const PRIVACY_NOTICE_FILE = 'src/content/privacy-notice.md';

/** Text as Markdown that shows it literally: every ASCII punctuation mark backslash-escaped. */
const literal = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, '\\$&');

export interface PrivacyNoticeFacts {
  site: {
    name: string;
    shortName: string;
    email: { privacy: string };
    phones: { local: string };
    offices: readonly Office[];
  };
  retention: RetentionPeriods;
  /** Days a document link in a notification e-mail works. */
  documentLinkDays: number;
  /** The stations an applicant may choose. */
  workLocations: readonly string[];
}

/**
 * What each {placeholder} of the notice stands for, as Markdown. `offices` is a
 * list with one item per office; every other value is text shown as it is.
 */
export function privacyNoticeValues({
  site,
  retention,
  documentLinkDays,
  workLocations,
}: PrivacyNoticeFacts): Record<string, string> {
  const [headOffice] = site.offices;
  if (!headOffice) throw new Error('The privacy notice needs an office address: site.offices is empty');
  const officeItem = (office: Office) =>
    [`- **${literal(office.city)} office**`, literal(formatOfficeAddress(office)), literal(office.postalAddress)].join(
      '\\\n  ',
    );
  // Written as every other number on the site is: the office it rings beside it.
  const phoneLine = officeLine(site.phones.local, 'en');
  const text = {
    firmName: site.name,
    firmShortName: site.shortName,
    privacyEmail: site.email.privacy,
    phone: phoneLine ? `${site.phones.local} (${phoneLine})` : site.phones.local,
    phoneHref: telHref(site.phones.local),
    postalAddress: headOffice.postalAddress,
    workLocations: new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(workLocations),
    enquiriesKept: describeRetention(retention.enquiry),
    applicationsKept: describeRetention(retention.application),
    documentLinkDays: String(documentLinkDays),
    erasureNotesKept: `${ERASURE_RECORD_YEARS} years`,
    setAsideKept: describeRetention(HONEYPOT_KEEP_DAYS),
    alertRequestsKept: describeRetention(ALERT_REQUEST_DAYS),
    consentRecordsKept: `${CONSENT_RECORD_YEARS} years`,
    auditTrailKept: `${AUDIT_TRAIL_YEARS} years`,
  };
  return {
    ...Object.fromEntries(Object.entries(text).map(([name, value]) => [name, literal(value)])),
    offices: site.offices.map(officeItem).join('\n'),
  };
}

/** Replaces each {name} with its value; a name without a value is an error that lists them all. */
export function fillPlaceholders(markdown: string, values: Readonly<Record<string, string>>): string {
  const unknown = new Set<string>();
  const filled = markdown.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (Object.hasOwn(values, name)) return values[name]!;
    unknown.add(name);
    return placeholder;
  });
  if (unknown.size > 0) {
    const names = [...unknown].map((name) => `{${name}}`).join(', ');
    throw new Error(`${PRIVACY_NOTICE_FILE}: no value for ${names} (known: ${Object.keys(values).join(', ')})`);
  }
  return filled;
}

/** The notice's summary (everything before its first `## ` section heading) and its sections. */
export function splitNotice(markdown: string): { summary: string; sections: string } {
  const start = markdown.search(/^## /m);
  if (start === -1) throw new Error(`${PRIVACY_NOTICE_FILE} has no "## " section heading`);
  return { summary: markdown.slice(0, start), sections: markdown.slice(start) };
}
