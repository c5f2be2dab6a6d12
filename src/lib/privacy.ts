// The privacy notice's facts that code also relies on, in one place: its
// address, its version (stored with each application the person consented
// under) and how long submissions are kept (the notice states the periods; the
// retention function and `npm run submissions -- purge` apply them).

/** Where the privacy notice is published. */
export const PRIVACY_PATH = '/privacy';

/**
 * The date the notice's current text took effect. Change it whenever the text
 * changes in substance: every application records the version it was sent under.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-23';

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
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
