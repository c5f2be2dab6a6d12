// The submissions tool wired to the real world: the environment (src/env.ts),
// the terminal, and the store chosen by open-store.ts.
import { env } from '../../src/env.ts';
import { fetchAlertCategories } from '../../src/server/alerts/categories.ts';
import { notificationSettingsFromEnv } from '../../src/server/notify/settings.ts';
import { runSubmissionsCli } from './cli.ts';
import { openStoreFor } from './open-store.ts';

export function main(argv: readonly string[]): Promise<number> {
  return runSubmissionsCli(argv, {
    io: {
      stdout: (text) => process.stdout.write(`${text}\n`),
      stderr: (text) => process.stderr.write(`${text}\n`),
    },
    openStore: (options) => openStoreFor(options, { siteId: env.netlifySiteId, token: env.netlifyAuthToken }),
    notificationSettings: notificationSettingsFromEnv,
    retentionPeriods: () => env.retentionDays,
    documentLinkSecret: () => env.documentLinkSecret,
    alertCategories: () => fetchAlertCategories(env.siteUrl),
  });
}
