// `import-blobs`: copies every record the version before Netlify Database kept
// in Netlify Blobs into the database, one importer per kind (import/), in
// order: submissions first, since bookings name them. Safe to run again: what
// is there already is counted, never copied twice. It deletes nothing from
// Blobs. When to run it: docs/operations.md, "Moving the records into the database".
import { noArgs } from './arguments.ts';
import type { CommandContext } from './command.ts';
import { importBookings } from './import/bookings.ts';
import { importAlerts } from './import/alerts.ts';
import type { Importer, ImportReport } from './import/report.ts';
import { importSubmissions } from './import/submissions.ts';
import { oneLine } from './output.ts';

/** The importers, in the order they run: submissions first, as the others' rows name theirs. */
const IMPORTERS: ReadonlyArray<{ name: string; importer: Importer }> = [
  { name: 'submissions', importer: importSubmissions },
  { name: 'bookings', importer: importBookings },
  { name: 'alerts', importer: importAlerts },
];

/** What one importer did, as lines: per kind copied and already there, then each key it could not copy. */
function describeReport(name: string, report: ImportReport): string[] {
  const kinds = [...new Set([...Object.keys(report.copied), ...Object.keys(report.alreadyThere)])].sort();
  return [
    `${name}:`,
    ...(kinds.length === 0 ? ['  nothing found'] : []),
    ...kinds.map(
      (kind) => `  ${kind}: copied ${report.copied[kind] ?? 0}, already there ${report.alreadyThere[kind] ?? 0}`,
    ),
    ...report.failed.map(({ key, reason }) => `  could not copy ${key}: ${oneLine(reason)}`),
  ];
}

export async function importBlobsCommand({ args, db, opened, deps }: CommandContext): Promise<number> {
  noArgs(args, 'import-blobs');
  const { store, alerts } = await opened();
  let failed = 0;
  for (const { name, importer } of IMPORTERS) {
    const report = await importer({ submissions: store, alerts }, db);
    failed += report.failed.length;
    deps.io.stdout(describeReport(name, report).join('\n'));
  }
  deps.io.stdout(
    failed === 0
      ? 'Every record found was copied or was there already. Nothing was deleted from Blobs.'
      : `${failed} could not be copied (above, with why); nothing was deleted from Blobs. Run it again once fixed.`,
  );
  return failed === 0 ? 0 : 1;
}
