// `npm run submissions -- subscribers [--json]`: article alerts at a glance —
// confirmed subscribers in all and per category, requests waiting for their
// confirmation, the newest consents given or withdrawn, and the newest
// articles' alerts with how many e-mails went (src/server/alerts/overview.ts).
import { alertsOverview } from '../../src/server/alerts/overview.ts';
import { ALERT_REQUEST_DAYS } from '../../src/lib/privacy.ts';
import { noArgs } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { fit, oneLine, plural, shortTime } from './output.ts';

/** How many of the newest consents and articles are shown. */
const SHOWN = 10;

export async function subscribersCommand(context: CommandContext): Promise<number> {
  const { values, args, db, deps } = context;
  noArgs(args, 'subscribers');
  const overview = await alertsOverview(db, SHOWN, await context.categories());
  if (values.json) {
    deps.io.stdout(JSON.stringify(overview, null, 2));
    return 0;
  }
  const { confirmed, waitingForConfirmation, categories, recentConsents, articles } = overview;
  const when = (iso: string) => shortTime(new Date(iso)).padEnd(18);
  deps.io.stdout(
    [
      `${plural(confirmed, 'confirmed subscriber')}; ${plural(waitingForConfirmation, 'request')} waiting for ` +
        `confirmation (forgotten after ${ALERT_REQUEST_DAYS} days).`,
      '',
      `${'CATEGORY'.padEnd(40)}SUBSCRIBERS`,
      ...categories.map(({ name, subscribers }) => `${fit(name, 38)}  ${subscribers}`),
      '',
      recentConsents.length === 0 ? 'No consent given yet.' : `Newest consents (${SHOWN} at most)`,
      ...recentConsents.map(
        ({ at, event, lang, categories: chosen, email }) =>
          `  ${when(at)}${(event === 'given' ? 'confirmed' : 'unsubscribed').padEnd(14)}${lang}  ` +
          `${fit(chosen.join(', '), 40)}  ${email === null ? '(address no longer kept)' : oneLine(email)}`,
      ),
      '',
      articles.length === 0 ? 'No article alert yet.' : `Newest articles' alerts (${SHOWN} at most)`,
      ...articles.map(
        ({ queuedAt, state, slug, sent }) =>
          `  ${when(queuedAt)}${state.padEnd(11)}${fit(slug, 50)}  ${plural(sent, 'e-mail')}`,
      ),
    ].join('\n'),
  );
  return 0;
}
