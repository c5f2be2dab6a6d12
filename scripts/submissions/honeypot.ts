// `honeypot [<id>] [--json]`: what was sent with the hidden honeypot field
// filled, kept HONEYPOT_KEEP_DAYS and never e-mailed to the firm: all of it,
// or one in full, in case a real person was caught. Read from the
// `honeypot_hits` table (netlify/database/migrations/0003_submission_upkeep.sql), newest first.
import { HONEYPOT_KEEP_DAYS } from '../../src/lib/privacy.ts';
import type { Queryable } from '../../src/server/db/database.ts';
import type { HoneypotHit } from '../../src/server/submissions/honeypot.ts';
import { isSubmissionId } from '../../src/server/submissions/ids.ts';
import { CliError, UsageError, type CommandContext } from './command.ts';
import { fit, safe, shortTime } from './output.ts';

interface HoneypotRow {
  id: string;
  form: HoneypotHit['form'];
  received_at: Date;
  data: unknown;
  documents: HoneypotHit['documents'] | null;
}

/** Hits as the tool shows them: by `id`, or all of them newest first. */
async function honeypotHits(db: Queryable, id?: string): Promise<HoneypotHit[]> {
  const rows = await db.query<HoneypotRow>(
    `SELECT id, form, received_at, data, documents FROM honeypot_hits
      WHERE $1::text IS NULL OR id = $1 ORDER BY received_at DESC, id DESC`,
    [id ?? null],
  );
  return rows.map(({ id: hitId, form, received_at, data, documents }) => ({
    schemaVersion: 1,
    id: hitId,
    form,
    receivedAt: received_at.toISOString(),
    data,
    ...(documents && { documents }),
  }));
}

/** A field of a hit's data when it is text: hits are kept as sent, unvalidated. */
const textField = (hit: HoneypotHit, ...names: string[]) => {
  const data = (typeof hit.data === 'object' && hit.data !== null ? hit.data : {}) as Record<string, unknown>;
  const value = names.map((name) => data[name]).find((candidate) => typeof candidate === 'string');
  return typeof value === 'string' ? value : '';
};

export async function honeypotCommand({ values, args, db, deps }: CommandContext): Promise<number> {
  if (args.length > 1) throw new UsageError('"honeypot" takes at most one id');
  const kept = `kept ${HONEYPOT_KEEP_DAYS} days from arrival`;
  if (args.length === 1) {
    const id = args[0]!.trim().toUpperCase();
    const [hit] = isSubmissionId(id) ? await honeypotHits(db, id) : [];
    if (!hit) throw new CliError(`No honeypot hit has the id ${args[0]}: hits are ${kept}; "honeypot" lists them.`);
    deps.io.stdout(safe(JSON.stringify(hit, null, 2)));
    return 0;
  }
  const hits = await honeypotHits(db);
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
