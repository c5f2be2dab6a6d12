// `show <id> [--json]`: one submission in full, as the firm's e-mail labels
// it; an application's with fresh links to its documents, signed as the site
// signs them (acting-settings.ts), so staff can pass one to a colleague.
import { formatNairobiTime } from '../../src/lib/nairobi-time.ts';
import { documentLinks } from '../../src/server/documents/links.ts';
import { submissionDetails } from '../../src/server/notify/text.ts';
import { findSubmission } from '../../src/server/submissions/read.ts';
import { describeType } from '../../src/server/submissions/record-labels.ts';
import { linkSettings } from './acting-settings.ts';
import { oneId } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { describeNotified, safe } from './output.ts';

export async function showCommand(context: CommandContext): Promise<number> {
  const { values, args, db, deps } = context;
  const { record } = await findSubmission(db, oneId(args, 'show'));
  if (values.json) {
    deps.io.stdout(JSON.stringify(record, null, 2));
    return 0;
  }
  const type = describeType(record.type);
  const notified = record.notified;
  // Fresh links, so staff can pass a document to a colleague without a developer.
  const links =
    record.type === 'application'
      ? documentLinks(record.id, await linkSettings(context), deps.now?.() ?? new Date())
      : undefined;
  deps.io.stdout(
    safe(
      [
        `${type[0]!.toUpperCase()}${type.slice(1)} ${record.id}`,
        `Received:  ${formatNairobiTime(record.receivedAt)} (${record.receivedAt})`,
        `Notified:  ${describeNotified(notified)}` +
          (notified ? `; ${notified.attempts} attempt${notified.attempts === 1 ? '' : 's'}` : '') +
          (notified?.lastError ? `; last error: ${notified.lastError}` : ''),
        '',
        ...submissionDetails(record, links),
      ].join('\n'),
    ),
  );
  return 0;
}
