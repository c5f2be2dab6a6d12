// `unsubscribe --email <address> [--yes]`: stop a person's article alerts when
// they write to the firm instead of using the link in an alert — the site's
// own unsubscribe (src/server/alerts/subscriptions.ts), recording the
// withdrawal of their consent "by written request", and forgetting a request
// waiting for its confirmation. Their submissions are untouched (that is
// `erase`). A dry run without --yes.
import { unsubscribe } from '../../src/server/alerts/subscriptions.ts';
import { normaliseEmail } from '../../src/server/submissions/rows.ts';
import { noArgs, parseEmail } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { oneLine } from './output.ts';
import { alertsOfEmail, categoryNames } from './person-alerts.ts';

export async function unsubscribeCommand(context: CommandContext): Promise<number> {
  const { values, args, now, deps } = context;
  noArgs(args, 'unsubscribe');
  const email = parseEmail(values.email, 'unsubscribe');
  const found = await alertsOfEmail(context, email);
  const who = oneLine(email);
  if (!found?.subscriber && !found?.pending) {
    deps.io.stdout(`${who} is not subscribed to article alerts and asked for none: nothing to do.`);
    return 0;
  }
  const { subscriber, pending } = found;
  const parts = [
    ...(subscriber
      ? [
          [
            `unsubscribe them from ${categoryNames(subscriber.categories, await context.categories())}`,
            'unsubscribed them (withdrawal recorded)',
          ],
        ]
      : []),
    ...(pending ? [['forget their request waiting for confirmation', 'forgot their waiting request']] : []),
  ];
  if (!values.yes) {
    deps.io.stdout(`${who}: would ${parts.map(([would]) => would).join(' and ')}. Nothing was changed: add --yes.`);
    return 0;
  }
  const { db } = context;
  const addresses = await db.query<{ address_key: string }>(
    'SELECT address_key FROM alert_subscribers WHERE email_normalised = $1 UNION SELECT address_key FROM alert_requests WHERE email_normalised = $1',
    [normaliseEmail(email)],
  );
  for (const { address_key } of addresses) await unsubscribe(db, address_key, now, 'written request');
  deps.io.stdout(`${who}: ${parts.map(([, done]) => done).join(' and ')}.`);
  return 0;
}
