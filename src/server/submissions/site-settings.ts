// The settings the site's functions act with, recorded in the database they
// act on (the `settings` row 'site' → SiteSettings), so the staff tool run
// against the live database signs links and purges with the site's settings,
// not its own shell's (scripts/submissions/acting-settings.ts). Written only
// when they change; no secret is written, only a set secret's fingerprint.
// More: docs/architecture.md, "The settings the site acts with".
import { isDeepStrictEqual } from 'node:util';
import { env } from '../../env.ts';
import type { RetentionPeriods } from '../../lib/privacy.ts';
import { documentLinkOrigin, secretFingerprint } from '../documents/links.ts';
import type { Queryable } from '../db/database.ts';

/** The row of `settings` they are recorded in. */
export const SITE_SETTINGS_NAME = 'site';

export interface SiteSettings {
  /** When a function last wrote them (ISO). */
  recordedAt: string;
  /** The deploy context of the function that wrote them, null on a machine of our own. */
  deployContext: string | null;
  /** The public origin document links start with. */
  siteUrl: string;
  documentLinks: {
    /**
     * Where the signing secret comes from: DOCUMENT_LINK_SECRET ('environment',
     * known here by its fingerprint only) or the database ('store': the `settings` row
     * 'document-link-secret', documents/links.ts).
     */
    secret: 'environment' | 'store';
    fingerprint?: string;
    /** How many days a link works. */
    days: number;
  };
  retentionDays: RetentionPeriods;
}

/** What this function runs with, as it would record it. */
export function currentSiteSettings(now: Date = new Date()): SiteSettings {
  const configured = env.documentLinkSecret;
  return {
    recordedAt: now.toISOString(),
    deployContext: env.deployContext ?? null,
    siteUrl: documentLinkOrigin(),
    documentLinks: {
      ...(configured
        ? { secret: 'environment' as const, fingerprint: secretFingerprint(configured) }
        : { secret: 'store' as const }),
      days: env.documentLinkDays,
    },
    retentionDays: env.retentionDays,
  };
}

/** The settings without when they were written: two records say the same when these match (in any key order: jsonb sorts them). */
const content = ({ recordedAt: _recordedAt, ...rest }: SiteSettings) => rest;

/**
 * Records `settings` unless the database already says the same. Returns
 * whether it wrote. Concurrent calls may both write: they write the same.
 */
export async function recordSiteSettings(
  db: Queryable,
  settings: SiteSettings = currentSiteSettings(),
): Promise<boolean> {
  const stored = await readSiteSettings(db);
  if (stored && isDeepStrictEqual(content(stored), content(settings))) return false;
  await db.query(
    `INSERT INTO settings (name, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [SITE_SETTINGS_NAME, settings],
  );
  return true;
}

const isWholeDays = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 1;

function isSiteSettings(value: unknown): value is SiteSettings {
  if (typeof value !== 'object' || value === null) return false;
  const { recordedAt, siteUrl, documentLinks, retentionDays } = value as Partial<SiteSettings>;
  return (
    typeof recordedAt === 'string' &&
    typeof siteUrl === 'string' &&
    URL.canParse(siteUrl) &&
    typeof documentLinks === 'object' &&
    documentLinks !== null &&
    (documentLinks.secret === 'store' ||
      (documentLinks.secret === 'environment' && typeof documentLinks.fingerprint === 'string')) &&
    isWholeDays(documentLinks.days) &&
    typeof retentionDays === 'object' &&
    retentionDays !== null &&
    isWholeDays(retentionDays.application) &&
    isWholeDays(retentionDays.enquiry)
  );
}

/** The settings the site recorded, or null when it has recorded none (or none this code can read). */
export async function readSiteSettings(db: Queryable): Promise<SiteSettings | null> {
  const [row] = await db.query<{ value: unknown }>(`SELECT value FROM settings WHERE name = $1`, [SITE_SETTINGS_NAME]);
  return isSiteSettings(row?.value) ? row.value : null;
}
