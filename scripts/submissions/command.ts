// What the submissions tool (cli.ts) hands each command, one file per command
// beside this one, and the two errors a command may throw: UsageError for a
// command line that is wrong (exit code 2, with the usage), CliError for a
// failure the person can act on (exit code 1, one line). Everything from
// outside (the database, the documents' store, the clock, the mail settings,
// where output goes) comes in CliDeps, so tests run the tool in-process
// against a test database and a local Blobs server.
import type { RetentionPeriods } from '../../src/lib/privacy.ts';
import type { AlertCategories } from '../../src/server/alerts/categories.ts';
import type { NotificationSettings } from '../../src/server/notify/settings.ts';
import type { Store } from '@netlify/blobs';
import type { Database } from '../../src/server/db/database.ts';
import type { Values } from './arguments.ts';

/** What the person did wrong on the command line: exit code 2. */
export class UsageError extends Error {
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

/** The Blobs store of the submissions: application documents, and what the functions keep beside them. */
export type AdminStore = Pick<Store, 'get' | 'getWithMetadata' | 'list' | 'delete' | 'set' | 'setJSON'>;

export interface OpenedDatabase {
  db: Database;
  /** Which database this is, for the first lines of output. */
  description: string;
  close(): Promise<void>;
}

export interface OpenedStore {
  store: AdminStore;
  /** The previous version's article alerts (store "alerts", or "alerts-preview"), read by import-blobs. */
  alerts: Pick<Store, 'get' | 'getWithMetadata' | 'list'>;
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
  /** The records' database (open-database.ts); `root` is the project folder. */
  openDatabase(options: { root: string }): Promise<OpenedDatabase>;
  now?: () => Date;
  notificationSettings: () => NotificationSettings;
  retentionPeriods: () => RetentionPeriods;
  /** This shell's DOCUMENT_LINK_SECRET, to sign for a live site that has one set. */
  documentLinkSecret?: () => string | undefined;
  /** How long one `purge` starts new work (default: the retention job's, PURGE_DEADLINE_MS). */
  purgeDeadlineMs?: number;
  /** The folder relative paths (--out, --root) start from. */
  cwd?: string;
  /**
   * The article categories of the live site's build, to name them (`Tax Law`); without them (or when they
   * cannot be read), categories are named by their slugs' words.
   */
  alertCategories?: () => Promise<AlertCategories>;
}

export interface CommandContext {
  deps: CliDeps;
  /** The options given. */
  values: Values;
  /** The words after the command's name. */
  args: string[];
  cwd: string;
  /** The project folder (--root, else the current one). */
  root: string;
  /** When the command started. */
  now: Date;
  /** The records' database, opened on first use (and its description printed). */
  db: Database;
  /** The Blobs store (documents), opened on first use (and its description printed). */
  opened(): Promise<OpenedStore>;
  store(): Promise<AdminStore>;
  /** The categories' names (CliDeps.alertCategories), read on first use. */
  categories(): Promise<AlertCategories>;
}

/** Runs one command; resolves to its exit code. */
export type Command = (context: CommandContext) => Promise<number>;
