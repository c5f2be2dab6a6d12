// `purge [--older-than <days>] [--type <type>] [--yes]`: delete what is past
// its retention period, or older than <days>, through the retention job's own
// run (src/server/submissions/retention.ts); against the live store, by the
// periods the site recorded (acting-settings.ts). A dry run without --yes.
import { describeRetention, type RetentionPeriods } from '../../src/lib/privacy.ts';
import { purgeSubmissions, uniformPeriods } from '../../src/server/submissions/retention.ts';
import { describeRetentionSettings, liveSiteSettings } from './acting-settings.ts';
import { noArgs, parseDays, parseTypes } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { shortTime } from './output.ts';

export async function purgeCommand({ values, args, db, store, opened, deps, now }: CommandContext): Promise<number> {
  noArgs(args, 'purge');
  const types = parseTypes(values.type);
  const olderThan = values['older-than'] === undefined ? undefined : parseDays(values['older-than']);
  const admin = await store();
  let periods: RetentionPeriods;
  if (olderThan !== undefined) {
    periods = uniformPeriods(olderThan);
  } else if ((await opened()).live) {
    const recorded = await liveSiteSettings(db, 'purge by its retention periods (--older-than <days> purges by yours)');
    periods = recorded.retentionDays;
    deps.io.stderr(describeRetentionSettings(recorded));
  } else {
    periods = deps.retentionPeriods();
  }
  const dryRun = !values.yes;
  const report = await purgeSubmissions(db, admin, {
    now,
    periods,
    types,
    dryRun,
    ...(deps.purgeDeadlineMs === undefined ? {} : { deadlineMs: deps.purgeDeadlineMs }),
  });
  const count = report.expired.length;
  const rule =
    values['older-than'] === undefined
      ? `past ${count === 1 ? 'its' : 'their'} retention period (applications ${describeRetention(periods.application)}, ` +
        `enquiries ${describeRetention(periods.enquiry)})`
      : `older than ${periods.application} days`;
  const lines = report.expired.map(
    (item) =>
      `  ${item.id}  ${item.type.padEnd(13)} received ${shortTime(new Date(item.receivedAt))}  (${item.keys} item${item.keys === 1 ? '' : 's'})`,
  );
  const counts = types.map((type) => `${type} ${report.counts[type]}`).join(', ');
  const stopped =
    report.complete || report.stepErrors.length > 0 || report.unavailable !== undefined
      ? []
      : [
          `Stopped at the time limit before looking at everything: run the command again to ${dryRun ? 'see' : 'delete'} the rest.`,
        ];
  for (const step of report.stepErrors) {
    deps.io.stderr(`Could not purge ${step.step} (${step.error}): run the command again for the rest.`);
  }
  if (report.unavailable !== undefined) {
    deps.io.stderr(`The database stopped answering (${report.unavailable}): run the command again for the rest.`);
  }
  const troubles = report.stepErrors.length + (report.unavailable === undefined ? 0 : 1);
  if (dryRun) {
    deps.io.stdout(
      count === 0 && report.complete
        ? `Nothing is ${rule.replace('their', 'its')}.`
        : [
            `${count} submission${count === 1 ? ' is' : 's are'} ${rule} (${counts}):`,
            ...lines,
            'Nothing was deleted: add --yes to delete them.',
            ...stopped,
          ].join('\n'),
    );
    return troubles > 0 ? 1 : 0;
  }
  deps.io.stdout(
    count === 0 && report.complete
      ? `Nothing is ${rule.replace('their', 'its')}.`
      : [`Deleted ${count} submission${count === 1 ? '' : 's'} ${rule} (${counts}):`, ...lines, ...stopped].join('\n'),
  );
  for (const failure of report.failed)
    deps.io.stderr(
      `Deleted ${failure.type} ${failure.id}, but not its documents (${failure.error}): the daily retention run removes them.`,
    );
  return report.failed.length + troubles > 0 ? 1 : 0;
}
