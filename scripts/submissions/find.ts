// `find --email <address> [--json]`: everything one person sent, on any form
// and in any case of their address, what became of any consultation time they
// chose, their article alerts and consents, and any erasure of it before: the
// first step of answering their data request.
import { formatNairobiTime } from '../../src/lib/nairobi-time.ts';
import { bookingStateOf } from '../../src/server/bookings/holds.ts';
import { erasuresOf } from '../../src/server/submissions/erasures.ts';
import { describeValue } from '../../src/server/submissions/record-labels.ts';
import { submissionsFrom } from '../../src/server/submissions/read.ts';
import { submissionTypes } from '../../src/server/submissions/store.ts';
import { noArgs, parseEmail } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { describeAlertCounts, describeCounts, oneLine, plural, shortTime, summary, table } from './output.ts';
import { alertsOfEmail, describeAlerts, storedAlerts } from './person-alerts.ts';

export async function findCommand(context: CommandContext): Promise<number> {
  const { values, args, now, db, deps } = context;
  noArgs(args, 'find');
  const email = parseEmail(values.email, 'find');
  const found = (await submissionsFrom(db, email)).reverse();
  const rows = found.map(summary);
  const alerts = await alertsOfEmail(context, email);
  if (values.json) {
    deps.io.stdout(JSON.stringify({ submissions: rows, alerts: alerts && storedAlerts(alerts) }, null, 2));
    return 0;
  }
  // What was erased before is what lets the firm show it acted on an earlier request.
  const erasures = (await erasuresOf(db, email)).map(({ record }) => {
    const total = submissionTypes.reduce((sum, type) => sum + record.counts[type], 0);
    const alertsErased = record.alerts ? `; article alerts: ${describeAlertCounts(record.alerts)}` : '';
    return (
      `Erased before: ${shortTime(new Date(record.erasedAt))} (EAT), ${plural(total, 'submission')} ` +
      `(${describeCounts(record.counts, record.documents)})${alertsErased}.`
    );
  });
  const bookings = await Promise.all(
    found.map(async ({ record }) => {
      if (record.type !== 'consultation' || !record.fields.slot || !record.fields.meeting_place) return [];
      const { slot, meeting_place: place } = record.fields;
      const state = await bookingStateOf(db, record.id, now);
      return [
        `Time chosen in ${record.id}: ${formatNairobiTime(slot)}, ` +
          `${describeValue('consultation', 'meeting_place', place)}: ${state}.`,
      ];
    }),
  );
  const from = oneLine(email);
  deps.io.stdout(
    [
      ...(rows.length === 0
        ? [`No submissions from ${from}.`]
        : [...table(rows), '', `${plural(rows.length, 'submission')} from ${from}.`]),
      ...bookings.flat(),
      ...(alerts ? describeAlerts(alerts, await context.categories()) : [`No article alerts for ${from}.`]),
      ...erasures,
    ].join('\n'),
  );
  return 0;
}
