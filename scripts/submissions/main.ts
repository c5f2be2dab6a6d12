// The submissions tool wired to the real world: the environment (src/env.ts),
// the terminal, the database chosen by open-database.ts and the documents'
// store chosen by open-store.ts.
import { env } from '../../src/env.ts';
import { fetchAlertCategories } from '../../src/server/alerts/categories.ts';
import { notificationSettingsFromEnv } from '../../src/server/notify/settings.ts';
import { runSubmissionsCli } from './cli.ts';
import { openDatabaseFor } from './open-database.ts';
import { openStoreFor } from './open-store.ts';

export function main(argv: readonly string[]): Promise<number> {
  return runSubmissionsCli(argv, {
    io: {
      stdout: (text) => process.stdout.write(`${text}\n`),
      stderr: (text) => process.stderr.write(`${text}\n`),
    },
    openStore: (options) => openStoreFor(options, { siteId: env.netlifySiteId, token: env.netlifyAuthToken }),
    // Netlify's own variable, as @netlify/database reads it: the site's database, live.
    openDatabase: ({ root }) => openDatabaseFor(root, process.env.NETLIFY_DB_URL),
    notificationSettings: notificationSettingsFromEnv,
    retentionPeriods: () => env.retentionDays,
    documentLinkSecret: () => env.documentLinkSecret,
    alertCategories: () => fetchAlertCategories(env.siteUrl),
  });
}
