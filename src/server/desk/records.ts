// The records as the desk reads and changes them: the inbox's page (newest
// first, 50 a page, by kind, status and a search of name, e-mail or phone), one
// record with its documents, chosen time, notes and changes, and a change kept
// with who made it and when, in one transaction with its audit.
import type { Database, Queryable } from '../db/database.ts';
import type { SubmissionRecord } from '../submissions/record.ts';
import { describeSender, describeValue, fieldLabels } from '../submissions/record-labels.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../submissions/rows.ts';
import type { SubmissionType } from '../submissions/store.ts';
import type { ApplicationFileField } from '../../forms/application/application.ts';
import { loadPhoneNumbers, normalisePhone } from '../../forms/shared/phone-numbers.ts';
import { audit } from './audit.ts';
import type { StaffCaller } from './guard.ts';

const INBOX_PAGE = 50;
export const RECORD_STATUSES = ['new', 'in progress', 'answered', 'closed', 'spam'] as const;
export const APPLICANT_STATUSES = ['received', 'shortlisted', 'interview', 'declined', 'offered'] as const;
export const RECORD_KINDS = ['contact', 'consultation', 'application'] as const;

/** The four documents by the names the desk links them with (issue [4/4]: short, as staff say them). */
const DOCUMENT_NAMES: Record<ApplicationFileField, string> = {
  cv_file: 'CV',
  kcse_file: 'KCSE certificate',
  ksl_file: 'KSL proof',
  llb_degree_file: 'LLB degree',
};

export interface InboxQuery {
  kind?: SubmissionType;
  status?: string;
  applicantStatus?: string;
  search?: string;
  page: number;
}

interface Row extends SubmissionRow {
  status: string | null;
  applicant_status: string | null;
  assigned_to: string | null;
}

const COLUMNS = `s.${SUBMISSION_COLUMNS.split(', ').join(', s.')}, d.status, d.applicant_status, d.assigned_to`;

function summaryOf(row: Row) {
  const record = recordFromRow(row);
  const { name, email } = describeSender(record);
  const phone = 'phone' in record.fields && typeof record.fields.phone === 'string' ? record.fields.phone : null;
  return {
    id: row.id,
    kind: row.type,
    receivedAt: row.received_at.toISOString(),
    name,
    email,
    phone,
    status: row.status ?? 'new',
    assignedTo: row.assigned_to,
  };
}

/** What a search matches: its words in lower case, and a phone number's digits without leading zeros. */
/**
 * What a search looks for: its text and, when it is written as a phone number is, the number's digits: a
 * Kenyan number's without its 0 or +254, so that either form finds one stored in the other. An e-mail
 * address's digits stay text (they would find whoever's number holds them).
 */
function searchTerms(search: string): { text: string; digits: string } {
  const text = search.trim().toLowerCase();
  if (!/^\+?[\d\s().-]+$/.test(text)) return { text, digits: '' };
  const international = normalisePhone(text);
  const digits = international?.startsWith('+254')
    ? international.slice(4)
    : text.replace(/\D/g, '').replace(/^0+/, '');
  return { text, digits: digits.length >= 4 ? digits : '' };
}

export async function inboxPage(db: Queryable, query: InboxQuery) {
  await loadPhoneNumbers();
  const { text, digits } = searchTerms(query.search ?? '');
  const where = `($1::text IS NULL OR s.type = $1)
      AND ($2::text IS NULL OR coalesce(d.status, 'new') = $2)
      AND ($3::text IS NULL OR coalesce(d.applicant_status, 'received') = $3)
      AND ($4 = '' OR strpos(s.search_text, $4) > 0 OR ($5 <> '' AND strpos(s.search_text, $5) > 0))`;
  const parameters = [query.kind ?? null, query.status ?? null, query.applicantStatus ?? null, text, digits];
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM submissions s LEFT JOIN desk_states d ON d.submission_id = s.id WHERE ${where}`,
    parameters,
  );
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM submissions s LEFT JOIN desk_states d ON d.submission_id = s.id
      WHERE ${where} ORDER BY s.received_at DESC, s.id DESC LIMIT ${INBOX_PAGE} OFFSET $6`,
    [...parameters, (query.page - 1) * INBOX_PAGE],
  );
  return { records: rows.map(summaryOf), page: query.page, pages: Math.max(1, Math.ceil(total / INBOX_PAGE)), total };
}

/** The record's fields as the notification labels them, in the form's order; empty ones left out. */
function labelledFields(record: SubmissionRecord): { label: string; value: string }[] {
  const labels = fieldLabels[record.type];
  const fields = record.fields as Record<string, unknown>;
  return Object.entries(labels)
    .map(([field, label]) => ({ label, value: describeValue(record.type, field, fields[field]) }))
    .filter(({ value }) => value !== '');
}

/** One record as the desk shows it, or undefined when there is none. */
export async function recordDetail(db: Queryable, id: string) {
  const [row] = await db.query<Row>(
    `SELECT ${COLUMNS} FROM submissions s LEFT JOIN desk_states d ON d.submission_id = s.id WHERE s.id = $1`,
    [id],
  );
  if (!row) return undefined;
  const record = recordFromRow(row);
  const [answer] = await db.query<{ answer: string }>(`SELECT answer FROM booking_answers WHERE submission_id = $1`, [
    id,
  ]);
  const slot = record.type === 'consultation' ? record.fields.slot : undefined;
  const chosenTime =
    slot && record.type === 'consultation'
      ? {
          label: `${describeValue('consultation', 'slot', slot)}, ${describeValue('consultation', 'meeting_place', record.fields.meeting_place)}`,
          state: answer ? (answer.answer === 'confirm' ? 'booked' : 'declined') : 'held',
        }
      : null;
  const notes = await db.query<{ by: string; at: Date; text: string }>(
    `SELECT person_email AS by, at, text FROM desk_notes WHERE submission_id = $1 ORDER BY at, id`,
    [id],
  );
  const history = await db.query<{ by: string; at: Date; what: string; from: string | null; to: string | null }>(
    `SELECT person_email AS by, at, what, from_value AS from, to_value AS to
       FROM desk_changes WHERE submission_id = $1 ORDER BY at, id`,
    [id],
  );
  return {
    ...summaryOf(row),
    fields: labelledFields(record),
    documents:
      record.type === 'application'
        ? record.files.map((file) => ({
            name: file.field,
            label: DOCUMENT_NAMES[file.field],
            url: `/api/v1/staff/records/${id}/documents/${file.field}`,
          }))
        : [],
    chosenTime,
    applicantStatus: record.type === 'application' ? (row.applicant_status ?? 'received') : null,
    notes: notes.map((note) => ({ ...note, at: note.at.toISOString() })),
    history: history.map((change) => ({ ...change, at: change.at.toISOString() })),
  };
}

export interface RecordChange {
  status?: string;
  applicantStatus?: string;
  assignedTo?: string | null;
  note?: string;
}

/** Applies `change` to record `id` by `who`: each field changed and each note kept with its history and audit. */
export async function changeRecord(db: Database, id: string, change: RecordChange, who: StaffCaller, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ type: SubmissionType }>(`SELECT type FROM submissions WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    if (!row) return false;
    await tx.query(`INSERT INTO desk_states (submission_id, applicant_status) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      id,
      row.type === 'application' ? 'received' : null,
    ]);
    const [before] = await tx.query<{ status: string; applicant_status: string | null; assigned_to: string | null }>(
      `SELECT status, applicant_status, assigned_to FROM desk_states WHERE submission_id = $1`,
      [id],
    );
    const fields = [
      ['status', 'status', change.status],
      ['applicant_status', 'stage', change.applicantStatus],
      ['assigned_to', 'assigned to', change.assignedTo],
    ] as const;
    for (const [column, what, value] of fields) {
      if (value === undefined || before![column] === value) continue;
      await tx.query(`UPDATE desk_states SET ${column} = $2, updated_at = $3 WHERE submission_id = $1`, [
        id,
        value,
        now,
      ]);
      await tx.query(
        `INSERT INTO desk_changes (submission_id, person_email, at, what, from_value, to_value) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, who.email, now, what, before![column], value],
      );
      await audit(tx, who, 'record.change', id, { what, from: before![column], to: value });
    }
    if (change.note) {
      await tx.query(`INSERT INTO desk_notes (submission_id, person_email, at, text) VALUES ($1, $2, $3, $4)`, [
        id,
        who.email,
        now,
        change.note,
      ]);
      await audit(tx, who, 'note.add', id);
    }
    return true;
  });
}
