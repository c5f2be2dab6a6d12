// `npm run submissions -- <command>`: staff read, export, resend and delete
// form submissions without a web login, see who subscribes to article alerts,
// and answer a person's data request by their e-mail address (find, export,
// erase). This module parses the command line, runs the command (one file per
// command beside it, handed what command.ts describes) and turns what went
// wrong into one line and an exit code: 0 done, 1 failed, 2 wrong usage. The
// work is done by the functions' own code in src/server. How staff use it:
// docs/operations.md, "The submissions tool".
import { resolve } from 'node:path';
import { errorMessage } from '../../src/lib/error-message.ts';
import { SubmissionNotFoundError } from '../../src/server/submissions/read.ts';
import type { AlertCategories } from '../../src/server/alerts/categories.ts';
import { parseCommandLine } from './arguments.ts';
import {
  CliError,
  UsageError,
  type CliDeps,
  type Command,
  type CommandContext,
  type OpenedDatabase,
  type OpenedStore,
} from './command.ts';
import type { Database } from '../../src/server/db/database.ts';
import { bookingsCommand } from './bookings.ts';
import { deleteCommand } from './delete.ts';
import { eraseCommand } from './erase.ts';
import { exportCommand } from './export.ts';
import { inviteCommand } from './invite.ts';
import { findCommand } from './find.ts';
import { honeypotCommand } from './honeypot.ts';
import { importBlobsCommand } from './import-blobs.ts';
import { listCommand } from './list.ts';
import { purgeCommand } from './purge.ts';
import { resendCommand } from './resend.ts';
import { showCommand } from './show.ts';
import { statusCommand } from './status.ts';
import { subscribersCommand } from './subscribers.ts';
import { unsubscribeCommand } from './unsubscribe.ts';

/** What the tool needs from outside, given by main.ts or a test. */
export type { CliDeps } from './command.ts';

const usage = `Usage: npm run submissions -- <command> [options]

Commands
  list [--type contact|consultation|application] [--since <date>|<days>d] [--json]
                              submissions, newest first, with whether the firm was e-mailed
  show <id> [--json]          one submission in full
  export <id> --out <folder>  its record as JSON, as staff read it, and an application's documents
  resend <id>                 e-mail the firm about it again (needs SMTP_URL)
  resend --pending            e-mail the firm about every submission not yet notified
  status [--json]             how many are not yet notified, the oldest, and the last delivery
  bookings [--json]           the consultation times to come, by day: booked, or held for an answer
  subscribers [--json]        article alerts: confirmed subscribers per category, requests waiting
                              for confirmation, the newest consents and the newest articles' alerts
  delete <id> [--yes]         delete one submission with its documents (dry run without --yes)
  honeypot [<id>] [--json]    what was sent with the hidden honeypot field filled (kept 14 days): all, or one
  purge [--older-than <days>] [--type <type>] [--yes]
                              delete what is past its retention period, or older than <days>
                              (dry run without --yes; stops after 20 s, run it again for the rest)
  invite --email <address> --role partner|staff
                              invite someone to the staff desk (/staff/): prints the link, which
                              works once, for 24 hours (and e-mails it when SMTP_URL is set); for
                              the first partner — partners invite the others from the desk
  import-blobs                copy the records the version before the database kept in Blobs into
                              the database (once, after the first deploy with it; safe to repeat)

A person's data request, by the e-mail address they gave on any form (any case)
  find --email <address> [--json]
                              everything they sent, what became of a consultation time they
                              chose, their article alerts and consents, and any erasure before
  export --email <address> --out <folder>
                              all of it, one folder per submission, with documents, and
                              article-alerts.json
  erase --email <address> [--yes]
                              delete all of it with its documents and their article alerts, and
                              keep a note of the erasure: date, counts, a keyed hash of the
                              address (dry run without --yes)
  unsubscribe --email <address> [--yes]
                              stop their article alerts, recording the withdrawal of their consent
                              (when they write rather than use the link; dry run without --yes)
  Exports hold personal data: they are refused inside the project folder or any git work
  tree. Write them elsewhere, e.g. --out ~/submissions/<name>, and delete them once handed over.

Which database and store
  Records: the database NETLIFY_DB_URL names (the live site's: Netlify UI → Database, or the
  Netlify CLI), else the running \`npm start\`'s, else the embedded one in .netlify/db.
  Documents: the local Blobs store \`npm start\` uses (.netlify/blobs-serve), unless NETLIFY_SITE_ID
  and NETLIFY_AUTH_TOKEN are set: then the live site's, and links and purges use the settings the
  site recorded there (its address, link secret and retention periods). --local forces the local store.
  --preview reads what deploy previews and branch deploys received (store "submissions-preview",
  alerts in "alerts-preview") instead of the firm's (store "submissions", alerts in "alerts").
  --root <folder> is the project folder (default: the current one).`;

const commands: Record<string, Command> = {
  list: listCommand,
  show: showCommand,
  export: exportCommand,
  resend: resendCommand,
  delete: deleteCommand,
  purge: purgeCommand,
  status: statusCommand,
  find: findCommand,
  erase: eraseCommand,
  honeypot: honeypotCommand,
  'import-blobs': importBlobsCommand,
  bookings: bookingsCommand,
  subscribers: subscribersCommand,
  unsubscribe: unsubscribeCommand,
  invite: inviteCommand,
};

/** Runs one command; returns the exit code (0 done, 1 failed, 2 wrong usage). Never throws. */
export async function runSubmissionsCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  const { io } = deps;
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    io.stderr(`submissions: ${errorMessage(error)}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command || command === 'help') {
    (command || values.help ? io.stdout : io.stderr)(usage);
    return command || values.help ? 0 : 2;
  }

  let opened: OpenedStore | undefined;
  let database: Promise<OpenedDatabase> | undefined;
  let categories: Promise<AlertCategories> | undefined;
  try {
    const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
    if (!run) throw new UsageError(`unknown command "${command}"`);
    const cwd = deps.cwd ?? process.cwd();
    const root = resolve(cwd, values.root ?? '.');
    const openedDatabase = () =>
      (database ??= deps.openDatabase({ root }).then((open) => {
        io.stderr(`Database: ${open.description}`);
        return open;
      }));
    const db: Database = {
      query: async (text, params) => (await openedDatabase()).db.query(text, params),
      transaction: async (work) => (await openedDatabase()).db.transaction(work),
    };
    const context: CommandContext = {
      deps,
      values,
      args: rest,
      cwd,
      root,
      now: deps.now?.() ?? new Date(),
      db,
      opened: async () => {
        if (!opened) {
          opened = await deps.openStore({
            root,
            local: values.local ?? false,
            preview: values.preview ?? false,
          });
          io.stderr(`Store: ${opened.description}`);
        }
        return opened;
      },
      store: async () => (await context.opened()).store,
      categories: async () =>
        (categories ??= (deps.alertCategories ?? (async () => new Map()))().catch((): AlertCategories => new Map())),
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
    await database?.then((open) => open.close()).catch(() => {});
  }
}

/** One line saying what went wrong, in the words a person can act on. */
function explain(error: unknown): string {
  if (error instanceof CliError || error instanceof SubmissionNotFoundError) return error.message;
  const message = errorMessage(error);
  if (/\b(401|403)\b/.test(message)) {
    return 'Netlify refused the credentials: check NETLIFY_AUTH_TOKEN (a personal access token with access to the site) and NETLIFY_SITE_ID.';
  }
  if (/\b404\b/.test(message) && /blobs/i.test(message)) {
    return 'Netlify does not know that site: check NETLIFY_SITE_ID (Site configuration → General → Site details → Site ID).';
  }
  return message.split('\n')[0]!;
}
