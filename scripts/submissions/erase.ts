// `erase --email <address> [--yes]`: delete everything one person sent, with
// its documents, and keep a note of the erasure (its date, its counts and a
// keyed hash of the address: src/server/submissions/erasures.ts). A dry run
// without --yes.
import { eraseSubmissions } from '../../src/server/submissions/erasures.ts';
import { submissionsFrom, type LoadedSubmission } from '../../src/server/submissions/read.ts';
import { noArgs, parseEmail } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { describeCounts, oneLine, plural, shortTime } from './output.ts';

export async function eraseCommand({ values, args, store, deps, now }: CommandContext): Promise<number> {
  noArgs(args, 'erase');
  const email = parseEmail(values.email, 'erase');
  const admin = await store();
  const submissions = await submissionsFrom(admin, email);
  const from = oneLine(email);
  const line = (submission: LoadedSubmission) =>
    `  ${submission.id}  ${submission.type.padEnd(13)} received ${shortTime(submission.receivedAt)}  ` +
    `(${plural(submission.keys.length, 'stored item')})`;
  if (!values.yes) {
    const documents = submissions.reduce((sum, submission) => sum + submission.keys.length - 1, 0);
    const counts = { contact: 0, consultation: 0, application: 0 };
    for (const submission of submissions) counts[submission.type]++;
    deps.io.stdout(
      submissions.length === 0
        ? `No submissions from ${from}: nothing to erase.`
        : [
            `Would erase ${plural(submissions.length, 'submission')} from ${from} (${describeCounts(counts, documents)}):`,
            ...submissions.map(line),
            'Nothing was deleted: add --yes to erase them and note the erasure.',
          ].join('\n'),
    );
    return 0;
  }
  const erasure = await eraseSubmissions(admin, submissions, { email, now });
  deps.io.stdout(
    [
      erasure.erased.length === 0 && erasure.failed.length === 0
        ? `No submissions from ${from}: nothing to erase.`
        : `Erased ${plural(erasure.erased.length, 'submission')} from ${from} (${describeCounts(erasure.counts, erasure.documents)}):`,
      ...erasure.erased.map(line),
      `Noted the erasure as ${erasure.noteKey}: its date and counts, and a keyed hash of the address, never the address.`,
      ...(erasure.erased.length > 0
        ? [
            'Copies outside the store are not erased: delete the notification e-mails (search the mailbox for the ids above) and any exported copies.',
          ]
        : []),
    ].join('\n'),
  );
  for (const { submission, error } of erasure.failed) {
    deps.io.stderr(`Could not delete ${submission.type} ${submission.id}: ${error}. Run the command again for it.`);
  }
  return erasure.failed.length > 0 ? 1 : 0;
}
