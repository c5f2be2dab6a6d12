// `list [--type <type>] [--since <date>|<days>d] [--json]`: submissions, newest
// first, with who sent them and whether the firm was e-mailed about each.
import { listSubmissions } from '../../src/server/submissions/read.ts';
import { noArgs, parseSince, parseTypes } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { shortTime, summary, table } from './output.ts';

export async function listCommand({ values, args, now, db, deps }: CommandContext): Promise<number> {
  noArgs(args, 'list');
  const types = parseTypes(values.type);
  const since = values.since === undefined ? null : parseSince(values.since, now);
  const rows = (await listSubmissions(db, { types, since })).map(summary);
  if (values.json) {
    deps.io.stdout(JSON.stringify(rows, null, 2));
    return 0;
  }
  if (rows.length === 0) {
    deps.io.stdout(since ? `No submissions since ${shortTime(since)}.` : 'No submissions.');
    return 0;
  }
  const notNotified = rows.filter((row) => !row.notified?.at).length;
  deps.io.stdout(
    [
      ...table(rows),
      '',
      `${rows.length} submission${rows.length === 1 ? '' : 's'}` +
        (notNotified > 0 ? `, ${notNotified} not notified (send with: npm run submissions -- resend --pending)` : ''),
    ].join('\n'),
  );
  return 0;
}
