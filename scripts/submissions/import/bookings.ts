// import-blobs, bookings: what the version before Netlify Database kept of
// consultation times in the Blobs store "submissions" — the holds
// bookings/<place>/<YYYY-MM-DDTHHMM> (a Hold), staff's answers
// bookings/answers/<id> ({ answer, at }) and the reminders sent
// bookings/reminders/<id> ({ at }) — copied into holds, booking_answers and
// booking_reminders. Run after importSubmissions: a row names its request, and
// one whose request is not in the database is not copied (it is named, with
// why). A row already there is counted, never overwritten; nothing is deleted.
import { errorMessage } from '../../../src/lib/error-message.ts';
import type { Queryable } from '../../../src/server/db/database.ts';
import { isSubmissionId } from '../../../src/server/submissions/ids.ts';
import { emptyImportReport, type ImportReport, type Importer } from './report.ts';

const PREFIX = 'bookings/';
const ANSWERS = `${PREFIX}answers/`;
const REMINDERS = `${PREFIX}reminders/`;

/** What one old blob becomes: the kind it is counted under, its request, and the insert (false: there already). */
interface Copy {
  kind: string;
  submissionId: string;
  insert(db: Queryable): Promise<boolean>;
}

class Unusable extends Error {}

const asObject = (raw: unknown): Record<string, unknown> => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new Unusable('it does not hold a JSON object');
  return raw as Record<string, unknown>;
};

/** `value` as an instant, refusing anything that is not one. */
function instant(value: unknown, name: string): Date {
  const time = typeof value === 'string' ? new Date(value) : null;
  if (!time || Number.isNaN(time.getTime())) throw new Unusable(`its ${name} is not a time`);
  return time;
}

function submissionIdOf(value: unknown): string {
  if (typeof value !== 'string' || !isSubmissionId(value)) throw new Unusable('it names no submission id');
  return value;
}

/** Whether the insert wrote its row: false when its key was there already. */
const wrote = async (insert: Promise<unknown[]>) => (await insert).length > 0;

/** What the blob at `key` becomes, or null if the key is not one this importer copies. */
function copyOf(key: string, raw: unknown): Copy | null {
  if (key.startsWith(ANSWERS)) {
    const submissionId = submissionIdOf(key.slice(ANSWERS.length));
    const answered = asObject(raw);
    if (answered.answer !== 'confirm' && answered.answer !== 'decline')
      throw new Unusable('its answer is neither confirm nor decline');
    const at = instant(answered.at, 'answer time');
    return {
      kind: 'booking answers',
      submissionId,
      insert: (db) =>
        wrote(
          db.query(
            `INSERT INTO booking_answers (submission_id, answer, answered_at) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING RETURNING submission_id`,
            [submissionId, answered.answer, at],
          ),
        ),
    };
  }
  if (key.startsWith(REMINDERS)) {
    const submissionId = submissionIdOf(key.slice(REMINDERS.length));
    const at = instant(asObject(raw).at, 'sending time');
    return {
      kind: 'reminders sent',
      submissionId,
      insert: (db) =>
        wrote(
          db.query(
            `INSERT INTO booking_reminders (submission_id, sent_at) VALUES ($1, $2)
             ON CONFLICT DO NOTHING RETURNING submission_id`,
            [submissionId, at],
          ),
        ),
    };
  }
  const where = /^bookings\/([a-z0-9-]+)\/(\d{4}-\d{2}-\d{2}T\d{4})$/.exec(key);
  if (!where) return null;
  const hold = asObject(raw);
  const submissionId = submissionIdOf(hold.submissionId);
  if (hold.place !== where[1]) throw new Unusable('its place is not the one its key names');
  if (hold.state !== 'held' && hold.state !== 'confirmed')
    throw new Unusable('its state is neither held nor confirmed');
  const values = [
    where[1],
    instant(hold.start, 'start'),
    instant(hold.end, 'end'),
    hold.state,
    submissionId,
    instant(hold.heldAt, 'holding time'),
    instant(hold.lapsesAt, 'lapsing time'),
  ];
  return {
    kind: 'holds',
    submissionId,
    // Either key (the time, or the request's one hold) already there: counted, not copied.
    insert: (db) =>
      wrote(
        db.query(
          `INSERT INTO holds (place, start_at, end_at, state, submission_id, held_at, lapses_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING submission_id`,
          values,
        ),
      ),
  };
}

const count = (tally: Record<string, number>, kind: string) => (tally[kind] = (tally[kind] ?? 0) + 1);

async function isStored(db: Queryable, submissionId: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM submissions WHERE id = $1`, [submissionId])).length > 0;
}

/** Copies the blob at `key`, counting it in `report`. */
async function copyOne(raw: unknown, key: string, db: Queryable, report: ImportReport) {
  try {
    const copy = copyOf(key, raw);
    if (!copy) return;
    if (!(await isStored(db, copy.submissionId)))
      throw new Unusable(`its request ${copy.submissionId} is not in the database (import it first)`);
    count((await copy.insert(db)) ? report.copied : report.alreadyThere, copy.kind);
  } catch (error) {
    report.failed.push({
      key,
      reason: error instanceof Unusable ? `not copied: ${error.message}` : errorMessage(error),
    });
  }
}

export const importBookings: Importer = async (from, db) => {
  const report = emptyImportReport();
  for await (const page of from.submissions.list({ prefix: PREFIX, paginate: true })) {
    for (const { key } of page.blobs) {
      // The local Blobs server also lists keys that only start like the prefix.
      if (!key.startsWith(PREFIX)) continue;
      let raw: unknown;
      try {
        raw = await from.submissions.get(key, { type: 'json' });
      } catch (error) {
        report.failed.push({ key, reason: errorMessage(error) });
        continue;
      }
      if (raw !== null) await copyOne(raw, key, db, report); // null: deleted since it was listed
    }
  }
  return report;
};
