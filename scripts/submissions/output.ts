// How the submissions tool prints: text a visitor typed made safe for a
// terminal, times in Nairobi time, and the table of submissions `list` and
// `find` print (or, with --json, its rows).
import { formatNairobiShort } from '../../src/lib/nairobi-time.ts';
import type { AlertErasureCounts } from '../../src/server/alerts/data-request.ts';
import { bodyText } from '../../src/server/notify/mail.ts';
import type { LoadedSubmission } from '../../src/server/submissions/read.ts';
import { describeSender } from '../../src/server/submissions/record-labels.ts';
import type { NotificationStatus } from '../../src/server/submissions/record.ts';
import { submissionTypes, type SubmissionType } from '../../src/server/submissions/store.ts';

/** Text from a visitor, made safe to print: no control characters (no terminal escapes), no bidi overrides. */
export const safe = (text: string) => bodyText(text);
export const oneLine = (text: string) => safe(text).replace(/\s+/g, ' ').trim();

/** `text` on one line, padded or cut to `width`. */
export function fit(text: string, width: number): string {
  const line = oneLine(text);
  return line.length <= width ? line.padEnd(width) : `${line.slice(0, width - 1)}…`;
}

/** "2026-11-22 10:15" in Nairobi time. */
export const shortTime = (date: Date | null): string => (date ? formatNairobiShort(date) : '(unknown)');

/** "1 submission", "2 submissions". */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "contact 1, consultation 0, application 1; 4 documents" */
export const describeCounts = (counts: Record<SubmissionType, number>, documents: number) =>
  `${submissionTypes.map((type) => `${type} ${counts[type]}`).join(', ')}; ${plural(documents, 'document')}`;

/** "subscription 1, waiting request 0, consent records 2, list memberships 2, alerts sent 3" */
export const describeAlertCounts = (counts: AlertErasureCounts) =>
  `subscription ${counts.subscription}, waiting request ${counts.waitingRequest}, consent records ${counts.consents}, ` +
  `list memberships ${counts.memberships}, alerts sent ${counts.alertsSent}`;

export function describeNotified(notified: NotificationStatus | null): string {
  if (notified?.at) return `yes, ${shortTime(new Date(notified.at))}`;
  if (!notified) return 'no (firm not e-mailed)';
  return `no (failed ${notified.attempts}×)`;
}

/** What a submission is stored as: its record and its documents. */
export const storedItems = (submission: LoadedSubmission) => 1 + submission.documentKeys.length;

/** A submission as one row of `list` and `find`. */
export function summary(submission: LoadedSubmission) {
  const sender = describeSender(submission.record);
  return {
    id: submission.id,
    type: submission.type,
    receivedAt: submission.receivedAt.toISOString(),
    name: sender.name,
    email: sender.email,
    about: sender.about,
    notified: submission.record.notified,
    /** Always true: a record is stored with its documents or not at all (kept for the --json shape). */
    complete: true,
  };
}

/** The header and one line per row, as `list` and `find` print them. */
export function table(rows: ReadonlyArray<ReturnType<typeof summary>>): string[] {
  const header = `${'ID'.padEnd(27)}${'TYPE'.padEnd(14)}${'RECEIVED (EAT)'.padEnd(18)}${'FROM'.padEnd(44)}${'ABOUT'.padEnd(30)}NOTIFIED`;
  return [
    header,
    ...rows.map(
      (row) =>
        `${row.id.padEnd(27)}${row.type.padEnd(14)}${shortTime(new Date(row.receivedAt)).padEnd(18)}` +
        `${fit(`${row.name} <${row.email}>`, 42)}  ${fit(row.about, 28)}  ${describeNotified(row.notified)}`,
    ),
  ];
}
