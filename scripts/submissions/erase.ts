// `erase --email <address> [--yes]`: delete everything one person sent, with
// its documents, and their article alerts (subscription, waiting request,
// consent records, list memberships, the claims of alerts sent), and keep a
// note of the erasure (its date, its counts and a keyed hash of the address:
// src/server/submissions/erasures.ts). A dry run without --yes.
import { eraseAlerts, erasureCounts, type AlertErasureCounts } from '../../src/server/alerts/data-request.ts';
import { eraseSubmissions } from '../../src/server/submissions/erasures.ts';
import { submissionsFrom, type LoadedSubmission } from '../../src/server/submissions/read.ts';
import { noArgs, parseEmail } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { describeAlertCounts, describeCounts, oneLine, plural, shortTime, storedItems } from './output.ts';
import { alertsOfEmail, describeAlerts } from './person-alerts.ts';

export async function eraseCommand(context: CommandContext): Promise<number> {
  const { values, args, db, store, deps, now } = context;
  noArgs(args, 'erase');
  const email = parseEmail(values.email, 'erase');
  const submissions = await submissionsFrom(db, email);
  const alerts = await alertsOfEmail(context, email);
  const from = oneLine(email);
  const line = (submission: LoadedSubmission) =>
    `  ${submission.id}  ${submission.type.padEnd(13)} received ${shortTime(submission.receivedAt)}  ` +
    `(${plural(storedItems(submission), 'stored item')})`;
  const noSubmissions = alerts ? `No submissions from ${from}.` : `No submissions from ${from}: nothing to erase.`;
  if (!values.yes) {
    const documents = submissions.reduce((sum, submission) => sum + submission.documentKeys.length, 0);
    const counts = { contact: 0, consultation: 0, application: 0 };
    for (const submission of submissions) counts[submission.type]++;
    deps.io.stdout(
      [
        ...(submissions.length === 0
          ? [noSubmissions]
          : [
              `Would erase ${plural(submissions.length, 'submission')} from ${from} (${describeCounts(counts, documents)}):`,
              ...submissions.map(line),
            ]),
        ...(alerts
          ? [
              `Would erase their article alerts (${describeAlertCounts(erasureCounts(alerts))}):`,
              ...describeAlerts(alerts, await context.categories()).map((text) => `  ${text}`),
            ]
          : []),
        ...(submissions.length > 0 || alerts
          ? ['Nothing was deleted: add --yes to erase them and note the erasure.']
          : []),
      ].join('\n'),
    );
    return 0;
  }
  // In the erasure's transaction, so the note counts what was erased of both.
  let alertCounts: AlertErasureCounts | undefined;
  const erasure = await eraseSubmissions(db, await store(), submissions, {
    email,
    now,
    alerts: async (tx) => (alerts ? (alertCounts = await eraseAlerts(tx, email, alerts.address)) : undefined),
  });
  deps.io.stdout(
    [
      erasure.erased.length === 0
        ? noSubmissions
        : `Erased ${plural(erasure.erased.length, 'submission')} from ${from} (${describeCounts(erasure.counts, erasure.documents)}):`,
      ...erasure.erased.map(line),
      ...(alertCounts ? [`Erased their article alerts (${describeAlertCounts(alertCounts)}).`] : []),
      `Noted the erasure as erasures/${erasure.noteId}: its date and counts, and a keyed hash of the address, never the address.`,
      ...(erasure.erased.length > 0
        ? [
            'Copies outside the store are not erased: delete the notification e-mails (search the mailbox for the ids above) and any exported copies.',
          ]
        : []),
    ].join('\n'),
  );
  for (const error of erasure.documentErrors) {
    deps.io.stderr(`Could not delete some of their documents now (${error}): the daily retention run removes them.`);
  }
  return erasure.documentErrors.length > 0 ? 1 : 0;
}
