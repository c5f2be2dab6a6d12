// The submissions tool's command line: the options every command shares, and
// what each kind of argument must be, checked with one line of UsageError
// saying what was wrong. The commands' own rules are in their files.
import { parseArgs } from 'node:util';
import { DAY_MS, isNairobiDay, startOfNairobiDay } from '../../src/lib/nairobi-time.ts';
import { submissionTypes, type SubmissionType } from '../../src/server/submissions/store.ts';
import { UsageError } from './command.ts';

const options = {
  type: { type: 'string' },
  since: { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  'older-than': { type: 'string' },
  yes: { type: 'boolean' },
  pending: { type: 'boolean' },
  local: { type: 'boolean' },
  preview: { type: 'boolean' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The words and options of a command line; throws (node's own message) for an unknown option. */
export const parseCommandLine = (argv: readonly string[]) =>
  parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });

export type Values = ReturnType<typeof parseCommandLine>['values'];

export function oneId(args: string[], command: string): string {
  if (args.length !== 1) throw new UsageError(`"${command}" takes one submission id`);
  return args[0]!;
}

export function noArgs(args: string[], command: string) {
  if (args.length > 0)
    throw new UsageError(`"${command}" takes no ${args.length === 1 ? 'argument' : 'arguments'}: ${args.join(' ')}`);
}

/** `--type`: one type, or every type when not given. */
export function parseTypes(value: string | undefined): readonly SubmissionType[] {
  if (value === undefined) return submissionTypes;
  if (!(submissionTypes as readonly string[]).includes(value)) {
    throw new UsageError(`--type must be contact, consultation or application, not "${value}"`);
  }
  return [value as SubmissionType];
}

/** `--since 2026-11-01` (midnight, Nairobi time), an ISO time, or `--since 7d` (the last 7 days). */
export function parseSince(value: string, now: Date): Date {
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
export function parseEmail(value: string | undefined, command: string): string {
  if (value === undefined) throw new UsageError(`"${command}" needs --email <address>`);
  const email = value.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email must be an e-mail address, not "${value}"`);
  return email;
}

/** `--older-than <days>`: a whole number from 1. */
export function parseDays(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`--older-than must be a whole number of days from 1, not "${value}"`);
  return Number(value);
}
