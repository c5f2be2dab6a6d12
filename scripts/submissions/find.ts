// `find --email <address> [--json]`: everything one person sent, on any form
// and in any case of their address, and any erasure of it before: the first
// step of answering their data request.
import { erasuresOf } from '../../src/server/submissions/erasures.ts';
import { submissionsFrom } from '../../src/server/submissions/read.ts';
import { submissionTypes } from '../../src/server/submissions/store.ts';
import { noArgs, parseEmail } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { describeCounts, oneLine, plural, shortTime, summary, table } from './output.ts';

export async function findCommand({ values, args, store, deps }: CommandContext): Promise<number> {
  noArgs(args, 'find');
  const email = parseEmail(values.email, 'find');
  const admin = await store();
  const rows = (await submissionsFrom(admin, email)).reverse().map(summary);
  if (values.json) {
    deps.io.stdout(JSON.stringify(rows, null, 2));
    return 0;
  }
  // What was erased before is what lets the firm show it acted on an earlier request.
  const erasures = (await erasuresOf(admin, email)).map(({ record }) => {
    const total = submissionTypes.reduce((sum, type) => sum + record.counts[type], 0);
    return (
      `Erased before: ${shortTime(new Date(record.erasedAt))} (EAT), ${plural(total, 'submission')} ` +
      `(${describeCounts(record.counts, record.documents)}).`
    );
  });
  const from = oneLine(email);
  deps.io.stdout(
    [
      ...(rows.length === 0
        ? [`No submissions from ${from}.`]
        : [...table(rows), '', `${plural(rows.length, 'submission')} from ${from}.`]),
      ...erasures,
    ].join('\n'),
  );
  return 0;
}
