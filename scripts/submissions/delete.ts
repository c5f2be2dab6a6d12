// `delete <id> [--yes]`: one submission with its documents; without --yes, a
// dry run saying what would go.
import { deleteSubmission, findSubmission } from '../../src/server/submissions/read.ts';
import { describeSender, describeType } from '../../src/server/submissions/record-labels.ts';
import { oneId } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { oneLine, shortTime, storedItems } from './output.ts';

export async function deleteCommand({ values, args, db, store, deps }: CommandContext): Promise<number> {
  const submission = await findSubmission(db, oneId(args, 'delete'));
  const sender = describeSender(submission.record);
  const items = storedItems(submission);
  const what =
    `${describeType(submission.type)} ${submission.id}` +
    ` from ${oneLine(sender.name)} <${oneLine(sender.email)}>, received ${shortTime(submission.receivedAt)}` +
    ` — ${items} stored item${items === 1 ? '' : 's'}`;
  if (!values.yes) {
    deps.io.stdout(`Would delete the ${what}.\nNothing was deleted: add --yes to delete it.`);
    return 0;
  }
  await deleteSubmission(db, await store(), submission);
  deps.io.stdout(
    `Deleted the ${what}.\n` +
      'Copies outside the store are not deleted: remove the notification e-mail from the mailbox, and any exported files, too.',
  );
  return 0;
}
