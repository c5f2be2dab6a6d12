// The settings the tool acts with when it signs document links (`show`,
// `resend`), finds article alerts by an address key made with the same secret
// (`find`, `export`, `erase --email`) and purges (`purge`). Against a local
// store, this shell's: the local server ran with them too. Against the live
// site, its own, as its functions recorded them in its database (site-settings.ts
// in src/server/submissions): links signed for this shell's SITE_URL or with its
// own secret would not work, a secret made here would be one the site never
// uses, and a purge by this shell's periods could delete records the privacy
// notice says are kept. When the site's settings cannot be known, the command
// stops with one line saying what to do, before anything is sent or deleted.
import { formatNairobiShort } from '../../src/lib/nairobi-time.ts';
import { describeRetention, type RetentionPeriods } from '../../src/lib/privacy.ts';
import { documentLinkSecret, secretFingerprint, type DocumentLinkSettings } from '../../src/server/documents/links.ts';
import { readSiteSettings, type SiteSettings } from '../../src/server/submissions/site-settings.ts';
import type { Queryable } from '../../src/server/db/database.ts';
import { CliError, type CommandContext } from './command.ts';

/** The live site's settings, or a one-line refusal naming what the tool cannot do (`what`) without them. */
export async function liveSiteSettings(db: Queryable, what: string): Promise<SiteSettings> {
  const recorded = await readSiteSettings(db);
  if (!recorded) {
    throw new CliError(
      `The live site has not recorded its settings yet (the settings row 'site'), so the tool cannot ${what}: ` +
        'its functions record them when a form is stored or the daily retention job runs; send a test message through the site, or wait for the job, and try again.',
    );
  }
  return recorded;
}

/**
 * The live site's link secret. A secret the site keeps in the store is read
 * from it (or made there, exactly as the site would make it, if no link was
 * ever signed); a DOCUMENT_LINK_SECRET set on the site must be set here too, to
 * the same value, for the tool to `purpose`.
 */
async function liveLinkSecret(
  db: Queryable,
  recorded: SiteSettings,
  localSecret: string | undefined,
  purpose: string,
): Promise<string> {
  const { secret, fingerprint } = recorded.documentLinks;
  if (secret === 'store') return documentLinkSecret(db, undefined);
  if (!localSecret) {
    throw new CliError(
      `The live site signs document links with its own DOCUMENT_LINK_SECRET: set the same value in this shell to ${purpose}.`,
    );
  }
  if (secretFingerprint(localSecret) !== fingerprint) {
    throw new CliError(
      'DOCUMENT_LINK_SECRET in this shell is not the live site’s, so links signed with it would not work: set the value the site has in Netlify.',
    );
  }
  return localSecret;
}

/** One line naming the settings used: "Settings: the live site's, recorded … (links from …)". */
function describeLinkSettings(recorded: SiteSettings): string {
  const { secret, days } = recorded.documentLinks;
  return (
    `Settings: the live site's, recorded ${formatNairobiShort(recorded.recordedAt)} (EAT): links from ${recorded.siteUrl}, ` +
    `working ${days} day${days === 1 ? '' : 's'}, signed with the secret ${secret === 'store' ? 'kept in its store' : 'in its DOCUMENT_LINK_SECRET'}`
  );
}

export function describeRetentionSettings(recorded: SiteSettings): string {
  const periods: RetentionPeriods = recorded.retentionDays;
  return (
    `Settings: the live site's, recorded ${formatNairobiShort(recorded.recordedAt)} (EAT): applications kept ` +
    `${describeRetention(periods.application)}, enquiries ${describeRetention(periods.enquiry)}`
  );
}

/** How links are signed: this shell's settings for a local store, the live site's own for the live one. */
export async function linkSettings({ deps, opened, db }: CommandContext): Promise<DocumentLinkSettings> {
  if (!(await opened()).live) return deps.notificationSettings().documentLinks(db);
  const recorded = await liveSiteSettings(db, 'sign document links as the site does');
  const purpose = 'print or send links ("export <id>" needs none)';
  const secret = await liveLinkSecret(db, recorded, deps.documentLinkSecret?.(), purpose);
  deps.io.stderr(describeLinkSettings(recorded));
  return { secret, origin: recorded.siteUrl, days: recorded.documentLinks.days };
}

/**
 * The secret the site makes alert links and address keys with (its link
 * secret: src/server/alerts/store.ts), as linkSettings() finds it; `purpose`
 * says what the tool needs it for, should it have to refuse.
 */
export async function alertSecret({ deps, opened, db }: CommandContext, purpose: string): Promise<string> {
  if (!(await opened()).live) return (await deps.notificationSettings().documentLinks(db)).secret;
  const recorded = await liveSiteSettings(db, purpose);
  return liveLinkSecret(db, recorded, deps.documentLinkSecret?.(), purpose);
}
