// `delete <id> [--yes]`: one submission with its documents; without --yes, a
// dry run saying what would go.
import { deleteSubmission, findSubmission } from '../../src/server/submissions/read.ts';
import { describeSender, describeType } from '../../src/server/submissions/record-labels.ts';
import { oneId } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { oneLine, shortTime } from './output.ts';

export async function deleteCommand({ values, args, store, deps }: CommandContext): Promise<number> {
  const admin = await store();
  const submission = await findSubmission(admin, oneId(args, 'delete'));
  const sender = submission.record ? describeSender(submission.record) : null;
  const what =
    `${describeType(submission.type)} ${submission.id}` +
    (sender
      ? ` from ${oneLine(sender.name)} <${oneLine(sender.email)}>, received ${shortTime(submission.receivedAt)}`
      : ' (files without a record)') +
    ` — ${submission.keys.length} stored item${submission.keys.length === 1 ? '' : 's'}`;
  if (!values.yes) {
    deps.io.stdout(`Would delete the ${what}.\nNothing was deleted: add --yes to delete it.`);
    return 0;
  }
  await deleteSubmission(admin, submission);
  deps.io.stdout(
    `Deleted the ${what}.\n` +
      'Copies outside the store are not deleted: remove the notification e-mail from the mailbox, and any exported files, too.',
  );
  return 0;
}
