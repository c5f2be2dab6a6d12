// `npm run submissions -- status`: whether the firm has heard of every
// submission. Reads every record (not only what the notify-pending function's
// runs read), so it is the whole truth even where a run would not look.
import { formatNairobiTime } from '../../src/lib/nairobi-time.ts';
import { notificationBacklog, type PendingSubmission } from '../../src/server/notify/pending.ts';
import { describeType } from '../../src/server/submissions/record-labels.ts';
import { noArgs } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { plural } from './output.ts';

/** When and how the notify-pending function tries `pending` next. */
function nextAttempt(pending: PendingSubmission, now: Date): string {
  switch (pending.state) {
    case 'given-up':
      return `no longer retried automatically (a week has passed): send it with "resend ${pending.id}"`;
    case 'arriving':
      return 'just arrived: its form function is sending it';
    case 'due':
      return 'the notify-pending function tries again on its next run (every 10 minutes)';
    case 'waiting':
      return pending.nextAttemptAt && new Date(pending.nextAttemptAt) > now
        ? `the notify-pending function tries again from ${formatNairobiTime(pending.nextAttemptAt)}`
        : 'the notify-pending function tries again on its next run (every 10 minutes)';
  }
}

function describeOldest(oldest: PendingSubmission, now: Date): string[] {
  const attempts =
    oldest.attempts === 0
      ? 'no attempt yet'
      : `${plural(oldest.attempts, 'attempt')}` +
        (oldest.lastAttemptAt ? `, the last ${formatNairobiTime(oldest.lastAttemptAt)}` : '') +
        (oldest.lastError ? `: ${oldest.lastError}` : '');
  return [
    `Oldest:     ${describeType(oldest.type)} ${oldest.id}, received ${formatNairobiTime(oldest.receivedAt)}`,
    `            ${attempts}`,
    `            ${nextAttempt(oldest, now)}`,
  ];
}

export async function statusCommand({ values, args, now, db, deps }: CommandContext): Promise<number> {
  noArgs(args, 'status');
  const backlog = await notificationBacklog(db, now);
  const { pending, lastDelivery } = backlog;
  const stuck = pending.filter((item) => item.stuck);
  if (values.json) {
    deps.io.stdout(
      JSON.stringify(
        {
          submissions: backlog.submissions,
          pending: pending.length,
          stuck: stuck.length,
          givenUp: pending.filter((item) => item.state === 'given-up').length,
          oldest: pending[0] ?? null,
          lastDelivery,
          pendingSubmissions: pending,
        },
        null,
        2,
      ),
    );
    return 0;
  }
  const lines =
    pending.length === 0
      ? [
          backlog.submissions === 0
            ? 'Pending:    none (no submissions stored)'
            : `Pending:    none: the firm has been e-mailed about every submission (${backlog.submissions})`,
        ]
      : [
          `Pending:    ${plural(pending.length, 'submission')} of ${backlog.submissions} not yet e-mailed to the firm` +
            (stuck.length > 0 ? `, ${stuck.length} of them for over a day` : ''),
          ...describeOldest(pending[0]!, now),
        ];
  lines.push(
    lastDelivery
      ? `Last delivery: ${formatNairobiTime(lastDelivery.at)}, ${describeType(lastDelivery.type)} ${lastDelivery.id}`
      : 'Last delivery: none recorded',
  );
  if (pending.length > 0) lines.push('', '"list" shows them all; "resend --pending" sends them now.');
  deps.io.stdout(lines.join('\n'));
  return 0;
}
