// `npm run submissions -- <command>`: staff read, export, resend and delete
// form submissions without a web login, and answer a person's data request by
// their e-mail address (find, export, erase). This module parses the command
// line and prints; the work is done by the functions' own code in src/server
// (submissions/read.ts, notify/sending.ts, submissions/retention.ts,
// submissions/erasures.ts) and, for `export`, by export.ts and
// output-folder.ts. Everything it needs from outside (the store, the clock, the
// mail settings, where output goes) is handed in, so tests run it in-process
// against a local Blobs server.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import {
  DAY_MS,
  formatNairobiShort,
  formatNairobiTime,
  isNairobiDay,
  startOfNairobiDay,
} from '../../src/lib/nairobi-time.ts';
import { describeRetention, HONEYPOT_KEEP_DAYS, type RetentionPeriods } from '../../src/lib/privacy.ts';
import { formatBytes } from '../../src/forms/application/application.ts';
import { bodyText } from '../../src/server/notify/mail.ts';
import { documentLinks, type DocumentLinkSettings } from '../../src/server/documents/links.ts';
import { deliverPending, FAILURES_BEFORE_PAUSE, type DeliveryAttempt } from '../../src/server/notify/delivery.ts';
import { notifyFirm } from '../../src/server/notify/sending.ts';
import type { NotificationSettings } from '../../src/server/notify/settings.ts';
import { submissionDetails } from '../../src/server/notify/text.ts';
import { eraseSubmissions, erasuresOf } from '../../src/server/submissions/erasures.ts';
import { listHoneypotHits, readHoneypotHit, type HoneypotHit } from '../../src/server/submissions/honeypot.ts';
import { isSubmissionId } from '../../src/server/submissions/ids.ts';
import { describeSender, describeType } from '../../src/server/submissions/record-labels.ts';
import { purgeSubmissions, uniformPeriods } from '../../src/server/submissions/retention.ts';
import { submissionTypes, type SubmissionType } from '../../src/server/submissions/store.ts';
import {
  deleteSubmission,
  findSubmission,
  listStoredSubmissions,
  loadSubmissions,
  submissionsFrom,
  SubmissionNotFoundError,
  type AdminStore,
  type LoadedSubmission,
} from '../../src/server/submissions/read.ts';
import type { NotificationStatus } from '../../src/server/submissions/record.ts';
import {
  describeLinkSettings,
  describeRetentionSettings,
  liveLinkSettings,
  liveSiteSettings,
} from './acting-settings.ts';
import { exportSubmission, submissionFolderName } from './export.ts';
import { exportFolder } from './output-folder.ts';
import { statusCommand } from './status.ts';

const usage = `Usage: npm run submissions -- <command> [options]

Commands
  list [--type contact|consultation|application] [--since <date>|<days>d] [--json]
                              submissions, newest first, with whether the firm was e-mailed
  show <id> [--json]          one submission in full
  export <id> --out <folder>  its record as JSON, as staff read it, and an application's documents
  resend <id>                 e-mail the firm about it again (needs SMTP_URL)
  resend --pending            e-mail the firm about every submission not yet notified
  status [--json]             how many are not yet notified, the oldest, and the last delivery
  delete <id> [--yes]         delete one submission with its documents (dry run without --yes)
  honeypot [<id>] [--json]    what was sent with the hidden honeypot field filled (kept 14 days): all, or one
  purge [--older-than <days>] [--type <type>] [--yes]
                              delete what is past its retention period, or older than <days>
                              (dry run without --yes; stops after 20 s, run it again for the rest)

A person's data request, by the e-mail address they gave on any form (any case)
  find --email <address> [--json]
                              everything they sent, and any erasure of it before
  export --email <address> --out <folder>
                              all of it, one folder per submission, with documents
  erase --email <address> [--yes]
                              delete all of it with its documents, and keep a note of the
                              erasure: date, counts, a keyed hash of the address (dry run without --yes)
  Exports hold personal data: they are refused inside the project folder or any git work
  tree. Write them elsewhere, e.g. --out ~/submissions/<name>, and delete them once handed over.

Which store
  The local one that \`npm start\` uses (.netlify/blobs-serve), unless NETLIFY_SITE_ID and
  NETLIFY_AUTH_TOKEN are set: then the live site's, and links and purges use the settings the site
  recorded there (its address, link secret and retention periods). --local forces the local store.
  --preview reads what deploy previews and branch deploys received (store "submissions-preview")
  instead of the firm's submissions (store "submissions").
  --root <folder> is the project folder (default: the current one).`;

/** What the person did wrong on the command line: exit code 2. */
class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A failure the person can act on (wrong id, missing credentials): exit code 1, one line. */
export class CliError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliError';
  }
}

export interface OpenedStore {
  store: AdminStore;
  /** Which store this is, for the first line of output. */
  description: string;
  /**
   * The live site's store: links are signed and purges run with the settings
   * the site recorded in it, never this shell's (acting-settings.ts).
   */
  live?: boolean;
  close(): Promise<void>;
}

interface CliIO {
  /** Results: tables, JSON, records. */
  stdout(text: string): void;
  /** Which store, progress, warnings and errors. */
  stderr(text: string): void;
}

export interface CliDeps {
  io: CliIO;
  openStore(options: { root: string; local: boolean; preview: boolean }): Promise<OpenedStore>;
  now?: () => Date;
  notificationSettings: () => NotificationSettings;
  retentionPeriods: () => RetentionPeriods;
  /** This shell's DOCUMENT_LINK_SECRET, to sign for a live site that has one set. */
  documentLinkSecret?: () => string | undefined;
  /** How long one `purge` starts new work (default: the retention job's, PURGE_DEADLINE_MS). */
  purgeDeadlineMs?: number;
  /** The folder relative paths (--out, --root) start from. */
  cwd?: string;
}

/** How long `resend` waits for the mail server: staff can wait longer than a visitor. */
const RESEND_DEADLINE_MS = 30_000;

const options = {
  type: { type: 'string' },
  since: { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  email: { type: 'string' },
  'older-than': { type: 'string' },
  yes: { type: 'boolean' },
  pending: { type: 'boolean' },
  local: { type: 'boolean' },
  preview: { type: 'boolean' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parse>['values'];
const parse = (argv: readonly string[]) =>
  parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });

/** Runs one command; returns the exit code (0 done, 1 failed, 2 wrong usage). Never throws. */
export async function runSubmissionsCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  const { io } = deps;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr(`submissions: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command || command === 'help') {
    (command || values.help ? io.stdout : io.stderr)(usage);
    return command || values.help ? 0 : 2;
  }

  let opened: OpenedStore | undefined;
  try {
    const run = commands[command];
    if (!run) throw new UsageError(`unknown command "${command}"`);
    const cwd = deps.cwd ?? process.cwd();
    const context: CommandContext = {
      deps,
      values,
      args: rest,
      cwd,
      now: deps.now?.() ?? new Date(),
      opened: async () => {
        if (!opened) {
          opened = await deps.openStore({
            root: resolve(cwd, values.root ?? '.'),
            local: values.local ?? false,
            preview: values.preview ?? false,
          });
          io.stderr(`Store: ${opened.description}`);
        }
        return opened;
      },
      store: async () => (await context.opened()).store,
    };
    return await run(context);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`submissions: ${error.message}\n\n${usage}`);
      return 2;
    }
    io.stderr(`submissions: ${explain(error)}`);
    return 1;
  } finally {
    await opened?.close().catch(() => {});
  }
}

/** One line saying what went wrong, in the words a person can act on. */
function explain(error: unknown): string {
  if (error instanceof CliError || error instanceof SubmissionNotFoundError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  if (/\b(401|403)\b/.test(message)) {
    return 'Netlify refused the credentials: check NETLIFY_AUTH_TOKEN (a personal access token with access to the site) and NETLIFY_SITE_ID.';
  }
  if (/\b404\b/.test(message) && /blobs/i.test(message)) {
    return 'Netlify does not know that site: check NETLIFY_SITE_ID (Site configuration → General → Site details → Site ID).';
  }
  return message.split('\n')[0]!;
}

export interface CommandContext {
  deps: CliDeps;
  values: Values;
  args: string[];
  cwd: string;
  now: Date;
  opened(): Promise<OpenedStore>;
  store(): Promise<AdminStore>;
}

type Command = (context: CommandContext) => Promise<number>;

const commands: Record<string, Command> = {
  list: listCommand,
  show: showCommand,
  export: exportCommand,
  resend: resendCommand,
  delete: deleteCommand,
  purge: purgeCommand,
  status: (context) => (noArgs(context.args, 'status'), statusCommand(context)),
  find: findCommand,
  erase: eraseCommand,
  honeypot: honeypotCommand,
};

// ---------------------------------------------------------------------------
// Arguments.

function oneId(args: string[], command: string): string {
  if (args.length !== 1) throw new UsageError(`"${command}" takes one submission id`);
  return args[0]!;
}

function noArgs(args: string[], command: string) {
  if (args.length > 0)
    throw new UsageError(`"${command}" takes no ${args.length === 1 ? 'argument' : 'arguments'}: ${args.join(' ')}`);
}

function parseTypes(value: string | undefined): readonly SubmissionType[] {
  if (value === undefined) return submissionTypes;
  if (!(submissionTypes as readonly string[]).includes(value)) {
    throw new UsageError(`--type must be contact, consultation or application, not "${value}"`);
  }
  return [value as SubmissionType];
}

/** `--since 2026-11-01` (midnight, Nairobi time), an ISO time, or `--since 7d` (the last 7 days). */
function parseSince(value: string, now: Date): Date {
  const days = /^(\d+)d$/.exec(value);
  if (days) return new Date(now.getTime() - Number(days[1]) * DAY_MS);
  // A date alone is that day in Nairobi, one the calendar has (not 2026-02-30).
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = isDay ? (isNairobiDay(value) ? startOfNairobiDay(value) : null) : new Date(value);
  if (!date || Number.isNaN(date.getTime()))
    throw new UsageError(`--since must be a date such as 2026-11-01, or a number of days such as 7d, not "${value}"`);
  return date;
}

/** `--email`, required by `command`: an address as a person typed it on a form. */
function parseEmail(value: string | undefined, command: string): string {
  if (value === undefined) throw new UsageError(`"${command}" needs --email <address>`);
  const email = value.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email must be an e-mail address, not "${value}"`);
  return email;
}

function parseDays(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`--older-than must be a whole number of days from 1, not "${value}"`);
  return Number(value);
}

// ---------------------------------------------------------------------------
// Output.

/** Text from a visitor, made safe to print: no control characters (no terminal escapes), no bidi overrides. */
const safe = (text: string) => bodyText(text);
const oneLine = (text: string) => safe(text).replace(/\s+/g, ' ').trim();

function fit(text: string, width: number): string {
  const line = oneLine(text);
  return line.length <= width ? line.padEnd(width) : `${line.slice(0, width - 1)}…`;
}

/** "2026-11-22 10:15" in Nairobi time. */
const shortTime = (date: Date | null): string => (date ? formatNairobiShort(date) : '(unknown)');

function describeNotified(notified: NotificationStatus | null): string {
  if (notified?.at) return `yes, ${shortTime(new Date(notified.at))}`;
  if (!notified) return 'no (firm not e-mailed)';
  return `no (failed ${notified.attempts}×)`;
}

function summary(submission: LoadedSubmission) {
  const sender = submission.record ? describeSender(submission.record) : null;
  return {
    id: submission.id,
    type: submission.type,
    receivedAt: submission.receivedAt?.toISOString() ?? null,
    name: sender?.name ?? null,
    email: sender?.email ?? null,
    about: sender?.about ?? null,
    notified: submission.record?.notified ?? null,
    /** False for application files without their record (an interrupted upload). */
    complete: submission.record !== null,
  };
}

/** The header and one line per row, as `list` and `find` print them. */
function table(rows: ReadonlyArray<ReturnType<typeof summary>>): string[] {
  const header = `${'ID'.padEnd(27)}${'TYPE'.padEnd(14)}${'RECEIVED (EAT)'.padEnd(18)}${'FROM'.padEnd(44)}${'ABOUT'.padEnd(30)}NOTIFIED`;
  return [
    header,
    ...rows.map((row) => {
      const from = row.name === null ? '(files without a record)' : `${row.name} <${row.email}>`;
      return (
        `${row.id.padEnd(27)}${row.type.padEnd(14)}${shortTime(row.receivedAt ? new Date(row.receivedAt) : null).padEnd(18)}` +
        `${fit(from, 42)}  ${fit(row.about ?? '', 28)}  ${row.complete ? describeNotified(row.notified) : '-'}`
      );
    }),
  ];
}

/** "contact 1, consultation 0, application 1; 4 documents" */
const describeCounts = (counts: Record<SubmissionType, number>, documents: number) =>
  `${submissionTypes.map((type) => `${type} ${counts[type]}`).join(', ')}; ${documents} document${documents === 1 ? '' : 's'}`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

// ---------------------------------------------------------------------------
// Commands.

async function listCommand({ values, args, now, store, deps }: CommandContext): Promise<number> {
  noArgs(args, 'list');
  const types = parseTypes(values.type);
  const since = values.since === undefined ? null : parseSince(values.since, now);
  const admin = await store();
  const stored = (await listStoredSubmissions(admin, types)).filter(
    // An id tells when it arrived, so older ones need not be read.
    (submission) => since === null || submission.idTime === null || submission.idTime >= since,
  );
  const loaded = (await loadSubmissions(admin, stored))
    .filter((submission) => since === null || (submission.receivedAt !== null && submission.receivedAt >= since))
    .reverse();
  const rows = loaded.map(summary);
  if (values.json) {
    deps.io.stdout(JSON.stringify(rows, null, 2));
    return 0;
  }
  if (rows.length === 0) {
    deps.io.stdout(since ? `No submissions since ${shortTime(since)}.` : 'No submissions.');
    return 0;
  }
  const notNotified = rows.filter((row) => row.complete && !row.notified?.at).length;
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

/** How links are signed: this shell's settings for a local store, the live site's own for the live one. */
async function linkSettings({ deps, opened }: CommandContext, admin: AdminStore): Promise<DocumentLinkSettings> {
  if (!(await opened()).live) return deps.notificationSettings().documentLinks(admin);
  const recorded = await liveSiteSettings(admin, 'sign document links as the site does');
  const settings = await liveLinkSettings(admin, recorded, deps.documentLinkSecret?.());
  deps.io.stderr(describeLinkSettings(recorded));
  return settings;
}

async function showCommand(context: CommandContext): Promise<number> {
  const { values, args, store, deps } = context;
  const admin = await store();
  const submission = await findSubmission(admin, oneId(args, 'show'));
  if (values.json) {
    deps.io.stdout(JSON.stringify(submission.record ?? summary(submission), null, 2));
    return 0;
  }
  const record = submission.record;
  if (!record) {
    deps.io.stdout(
      [
        `Application ${submission.id}: files without a record (the upload was interrupted).`,
        ...submission.keys.map((key) => `  ${key}`),
        `Delete them with: npm run submissions -- delete ${submission.id} --yes`,
      ].join('\n'),
    );
    return 0;
  }
  const type = describeType(record.type);
  const notified = record.notified;
  // Fresh links, so staff can pass a document to a colleague without a developer.
  const links =
    record.type === 'application'
      ? documentLinks(record.id, await linkSettings(context, admin), deps.now?.() ?? new Date())
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

async function exportCommand(context: CommandContext): Promise<number> {
  const { values, args, cwd, store, deps } = context;
  if (values.email !== undefined && args.length > 0)
    throw new UsageError('"export" takes a submission id or --email <address>, not both');
  const email = values.email === undefined ? undefined : parseEmail(values.email, 'export');
  const id = email === undefined ? oneId(args, 'export') : undefined;
  if (!values.out) throw new UsageError('"export" needs --out <folder>, where the files are written');
  const directory = exportFolder(values.out, cwd, resolve(cwd, values.root ?? '.'));
  if (email !== undefined) return exportPerson(context, email, directory);
  const admin = await store();
  const submission = await findSubmission(admin, id!);
  const result = await exportSubmission(admin, submission, directory, ({ index, total, fileName, bytes }) =>
    deps.io.stderr(`[${index}/${total}] ${fileName} (${formatBytes(bytes)})`),
  );
  deps.io.stdout(
    [
      `Exported ${submission.id} to ${result.directory}:`,
      ...result.files.map((file) => `  ${file.path}  ${formatBytes(file.bytes)}`),
    ].join('\n'),
  );
  return 0;
}

async function resendCommand(context: CommandContext): Promise<number> {
  const { values, args, store, deps } = context;
  let settings = deps.notificationSettings();
  if (!settings.mailer)
    throw new CliError(
      'SMTP_URL is not set, so nothing can be sent. Set it (see README, "Receiving submissions") and try again.',
    );
  const admin = await store();
  const now = () => deps.now?.() ?? new Date();
  // Settled before anything is sent: a link that cannot be signed as the site signs must stop the command,
  // not be recorded on each application as a failed notification.
  const signLinksAsTheSite = async () => {
    const links = await linkSettings(context, admin);
    settings = { ...settings, documentLinks: async () => links };
  };
  let unsent = 0;
  let unrecorded = 0;
  const told = ({ type, id, outcome, recorded }: Omit<DeliveryAttempt, 'status'>) => {
    if ('error' in outcome) {
      unsent++;
      deps.io.stderr(`Could not send the notification of ${id}: ${outcome.error}`);
    } else {
      deps.io.stdout(
        `Sent the notification of ${describeType(type)} ${id} to ${settings.recipients[type].join(', ')}.`,
      );
    }
    if (recorded === 'saved') return;
    if (recorded === 'deleted') {
      deps.io.stderr(`${id} was deleted meanwhile, so its notification status was not recorded.`);
      return;
    }
    unrecorded++;
    deps.io.stderr(
      recorded === 'changed'
        ? `${id} kept changing while its notification status was being saved; run "show ${id}" to see what it says.`
        : `Could not record the notification status of ${id}: ${recorded.storeError}`,
    );
  };

  if (values.pending) {
    noArgs(args, 'resend --pending');
    await signLinksAsTheSite();
    // The notify-pending function's own run, without its schedule or time limit.
    const run = await deliverPending(admin, settings, {
      everyPending: true,
      budgetMs: Number.POSITIVE_INFINITY,
      sendDeadlineMs: RESEND_DEADLINE_MS,
      now,
      onAttempt: told,
    });
    if (run.due === 0) {
      deps.io.stdout(
        run.pending.length === 0
          ? 'Every submission has been notified.'
          : `Nothing to send: ${run.pending.length} just arrived and ${run.pending.length === 1 ? 'is' : 'are'} still with ${run.pending.length === 1 ? 'its' : 'their'} form function.`,
      );
      return 0;
    }
    for (const { key, error } of run.storeErrors) deps.io.stderr(`Could not read or send ${key}: ${error}`);
    for (const { id } of run.busy)
      deps.io.stderr(`${id} is being sent by the notify-pending function at this moment, so it was left to it.`);
    if (run.stoppedBecause === 'mail-server-down')
      deps.io.stderr(
        `Stopped after ${FAILURES_BEFORE_PAUSE} failures in a row: the mail server looks down. ${run.notTried} not tried.`,
      );
    if (unsent + run.notTried > 0)
      deps.io.stderr(
        `${unsent + run.notTried} of ${run.due} not sent; the records say so, and the notify-pending function or "resend" tries again.`,
      );
    return unsent + unrecorded + run.notTried + run.storeErrors.length > 0 ? 1 : 0;
  }

  const submission = await findSubmission(admin, oneId(args, 'resend'));
  const record = submission.record;
  if (!record) throw new CliError(`${submission.id} has files but no record: there is nothing to notify.`);
  if (record.type === 'application') await signLinksAsTheSite();
  const attempt = await notifyFirm(
    { store: admin, key: submission.recordKey, record, etag: submission.etag },
    settings,
    { signal: AbortSignal.timeout(RESEND_DEADLINE_MS), now },
  );
  told({ type: record.type, id: record.id, ...attempt });
  if (unsent > 0) deps.io.stderr('1 of 1 not sent; the records say so, and "resend" can try again.');
  return unsent + unrecorded > 0 ? 1 : 0;
}

async function deleteCommand({ values, args, store, deps }: CommandContext): Promise<number> {
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

async function purgeCommand({ values, args, store, opened, deps, now }: CommandContext): Promise<number> {
  noArgs(args, 'purge');
  const types = parseTypes(values.type);
  const olderThan = values['older-than'] === undefined ? undefined : parseDays(values['older-than']);
  const admin = await store();
  let periods: RetentionPeriods;
  if (olderThan !== undefined) {
    periods = uniformPeriods(olderThan);
  } else if ((await opened()).live) {
    const recorded = await liveSiteSettings(
      admin,
      'purge by its retention periods (--older-than <days> purges by yours)',
    );
    periods = recorded.retentionDays;
    deps.io.stderr(describeRetentionSettings(recorded));
  } else {
    periods = deps.retentionPeriods();
  }
  const dryRun = !values.yes;
  const report = await purgeSubmissions(admin, {
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
    report.complete || report.listingErrors.length > 0
      ? []
      : [
          `Stopped at the time limit before looking at everything: run the command again to ${dryRun ? 'see' : 'delete'} the rest.`,
        ];
  for (const listing of report.listingErrors) {
    deps.io.stderr(
      `Could not list the keys under ${listing.prefix} (${listing.error}): run the command again for the rest.`,
    );
  }
  for (const skipped of report.unreadable) {
    deps.io.stderr(
      `Skipped ${skipped.type} ${skipped.id}: its record could not be read (${skipped.error}). ` +
        `Look at it with "show ${skipped.id}"; "delete ${skipped.id} --yes" removes it.`,
    );
  }
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
    return report.unreadable.length + report.listingErrors.length > 0 ? 1 : 0;
  }
  deps.io.stdout(
    count === 0 && report.complete
      ? `Nothing is ${rule.replace('their', 'its')}.`
      : [`Deleted ${count} submission${count === 1 ? '' : 's'} ${rule} (${counts}):`, ...lines, ...stopped].join('\n'),
  );
  for (const failure of report.failed)
    deps.io.stderr(`Could not delete ${failure.type} ${failure.id}: ${failure.error}`);
  return report.failed.length + report.unreadable.length + report.listingErrors.length > 0 ? 1 : 0;
}

// ---------------------------------------------------------------------------
// A person's data request, by the address they gave.

async function findCommand({ values, args, store, deps }: CommandContext): Promise<number> {
  noArgs(args, 'find');
  const email = parseEmail(values.email, 'find');
  const admin = await store();
  const rows = (await submissionsFrom(admin, email)).reverse().map(summary);
  if (values.json) {
    deps.io.stdout(JSON.stringify(rows, null, 2));
    return 0;
  }
  // What was erased before is what lets the firm show it acted on an earlier request.
  const erasures = (await erasuresOf(admin, email)).map(({ record }) => {
    const total = submissionTypes.reduce((sum, type) => sum + record.counts[type], 0);
    return (
      `Erased before: ${shortTime(new Date(record.erasedAt))} (EAT), ${plural(total, 'submission')} ` +
      `(${describeCounts(record.counts, record.documents)}).`
    );
  });
  const from = oneLine(email);
  deps.io.stdout(
    [
      ...(rows.length === 0
        ? [`No submissions from ${from}.`]
        : [...table(rows), '', `${plural(rows.length, 'submission')} from ${from}.`]),
      ...erasures,
    ].join('\n'),
  );
  return 0;
}

async function exportPerson({ store, deps }: CommandContext, email: string, directory: string): Promise<number> {
  const admin = await store();
  const submissions = await submissionsFrom(admin, email);
  if (submissions.length === 0) {
    deps.io.stdout(`No submissions from ${oneLine(email)}: nothing was written.`);
    return 0;
  }
  const written: string[] = [];
  for (const submission of submissions) {
    const folder = join(directory, submissionFolderName(submission));
    const result = await exportSubmission(admin, submission, folder, ({ index, total, fileName, bytes }) =>
      deps.io.stderr(`${submission.id} [${index}/${total}] ${fileName} (${formatBytes(bytes)})`),
    );
    written.push(...result.files.map((file) => `  ${file.path}  ${formatBytes(file.bytes)}`));
  }
  deps.io.stdout(
    [
      `Exported ${plural(submissions.length, 'submission')} from ${oneLine(email)} to ${directory}:`,
      ...written,
      'Send them to the person securely, then delete the folder.',
    ].join('\n'),
  );
  return 0;
}

async function eraseCommand({ values, args, store, deps, now }: CommandContext): Promise<number> {
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

/** A field of a hit's data when it is text: hits are kept as sent, unvalidated. */
const textField = (hit: HoneypotHit, ...names: string[]) => {
  const data = (typeof hit.data === 'object' && hit.data !== null ? hit.data : {}) as Record<string, unknown>;
  const value = names.map((name) => data[name]).find((candidate) => typeof candidate === 'string');
  return typeof value === 'string' ? value : '';
};

async function honeypotCommand({ values, args, store, deps }: CommandContext): Promise<number> {
  if (args.length > 1) throw new UsageError('"honeypot" takes at most one id');
  const admin = await store();
  const kept = `kept ${HONEYPOT_KEEP_DAYS} days from arrival`;
  if (args.length === 1) {
    const id = args[0]!.trim().toUpperCase();
    const hit = isSubmissionId(id) ? await readHoneypotHit(admin, id) : null;
    if (!hit) throw new CliError(`No honeypot hit has the id ${args[0]}: hits are ${kept}; "honeypot" lists them.`);
    deps.io.stdout(safe(JSON.stringify(hit, null, 2)));
    return 0;
  }
  const hits = (await listHoneypotHits(admin)).reverse();
  if (values.json) {
    deps.io.stdout(safe(JSON.stringify(hits, null, 2)));
    return 0;
  }
  if (hits.length === 0) {
    deps.io.stdout(`No honeypot hits (they are ${kept}).`);
    return 0;
  }
  const header = `${'ID'.padEnd(27)}${'FORM'.padEnd(14)}${'RECEIVED (EAT)'.padEnd(18)}${'FROM'.padEnd(44)}ABOUT`;
  const lines = hits.map((hit) => {
    const from = `${textField(hit, 'name', 'fullname')} <${textField(hit, 'email')}>`;
    const about = textField(hit, 'interest', 'practice', 'work_location');
    return `${hit.id.padEnd(27)}${hit.form.padEnd(14)}${shortTime(new Date(hit.receivedAt)).padEnd(18)}${fit(from, 42)}  ${fit(about, 28)}`;
  });
  deps.io.stdout(
    [
      header,
      ...lines,
      '',
      `${hits.length} hit${hits.length === 1 ? '' : 's'}, ${kept}: answered as received, never e-mailed to the firm. ` +
        'Most are bots; if one is a real person, "honeypot <id>" shows everything they sent.',
    ].join('\n'),
  );
  return 0;
}
