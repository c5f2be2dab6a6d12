// The settings the tool acts with when it signs document links (`show`,
// `resend`) and purges (`purge`). Against a local store, this shell's: the
// local server ran with them too. Against the live store, the site's own, as
// its functions recorded them (src/server/submissions/site-settings.ts): links
// signed for this shell's SITE_URL (default http://localhost:8888) or with its
// own secret would not work, a secret made here would be a second one the site
// never uses, and a purge by this shell's periods could delete records the
// privacy notice says are kept. When the site's settings cannot be known, the
// command stops with one line saying what to do, before anything is sent,
// signed or deleted.
import { formatNairobiShort } from '../../src/lib/nairobi-time.ts';
import { describeRetention, type RetentionPeriods } from '../../src/lib/privacy.ts';
import { documentLinkSecret, secretFingerprint, type DocumentLinkSettings } from '../../src/server/documents/links.ts';
import type { AdminStore } from '../../src/server/submissions/read.ts';
import { readSiteSettings, type SiteSettings } from '../../src/server/submissions/site-settings.ts';
import { CliError, type CommandContext } from './command.ts';

/** The live site's settings, or a one-line refusal naming what the tool cannot do (`what`) without them. */
export async function liveSiteSettings(store: Pick<AdminStore, 'get'>, what: string): Promise<SiteSettings> {
  const recorded = await readSiteSettings(store);
  if (!recorded) {
    throw new CliError(
      `The live site has not recorded its settings yet (settings/site), so the tool cannot ${what}: ` +
        'its functions record them when a form is stored or the daily retention job runs; send a test message through the site, or wait for the job, and try again.',
    );
  }
  return recorded;
}

/**
 * How the live site signs document links. A secret the site keeps in the store
 * is read from it (or made there, exactly as the site would make it, if no link
 * was ever signed); a DOCUMENT_LINK_SECRET set on the site must be set here
 * too, to the same value.
 */
async function liveLinkSettings(
  store: Pick<AdminStore, 'get' | 'set'>,
  recorded: SiteSettings,
  localSecret: string | undefined,
): Promise<DocumentLinkSettings> {
  const { secret, fingerprint, days } = recorded.documentLinks;
  let signingSecret: string;
  if (secret === 'store') {
    signingSecret = await documentLinkSecret(store, undefined);
  } else if (!localSecret) {
    throw new CliError(
      'The live site signs document links with its own DOCUMENT_LINK_SECRET: set the same value in this shell to print or send links ("export" needs none).',
    );
  } else if (secretFingerprint(localSecret) !== fingerprint) {
    throw new CliError(
      'DOCUMENT_LINK_SECRET in this shell is not the live site’s, so links signed with it would not work: set the value the site has in Netlify.',
    );
  } else {
    signingSecret = localSecret;
  }
  return { secret: signingSecret, origin: recorded.siteUrl, days };
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
export async function linkSettings({ deps, opened }: CommandContext, admin: AdminStore): Promise<DocumentLinkSettings> {
  if (!(await opened()).live) return deps.notificationSettings().documentLinks(admin);
  const recorded = await liveSiteSettings(admin, 'sign document links as the site does');
  const settings = await liveLinkSettings(admin, recorded, deps.documentLinkSecret?.());
  deps.io.stderr(describeLinkSettings(recorded));
  return settings;
}
