// The desk's records (any staff person): the inbox and one record, its changes
// and notes, its documents opened through the session (never a link that works
// without it), the consultations ahead with Confirm and Decline, and the
// article alerts' overview. Opening a record or a document is audited.
import type { Store } from '@netlify/blobs';
import { formatNairobiTime } from '../../lib/nairobi-time.ts';
import { alertsOverview } from '../alerts/overview.ts';
import { documentDownload } from '../documents/handler.ts';
import { answerConsultation } from '../bookings/answer-consultation.ts';
import { jsonAnswer, jsonMessage, logError, unprocessable } from '../http/responses.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from '../notify/settings.ts';
import { describeValue } from '../submissions/record-labels.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../submissions/rows.ts';
import { openFullSubmissionStore } from '../submissions/store.ts';
import { isSubmissionId } from '../submissions/ids.ts';
import { audit } from './audit.ts';
import { bodyOf, deskFunction, route, type DeskDeps, type DeskRequest } from './desk-http.ts';
import { isCaller, requireStaff } from './guard.ts';
import {
  APPLICANT_STATUSES,
  changeRecord,
  inboxPage,
  RECORD_KINDS,
  RECORD_STATUSES,
  recordDetail,
  type InboxQuery,
  type RecordChange,
} from './records.ts';

export interface RecordsDeps extends DeskDeps {
  openFiles?: () => Pick<Store, 'get'>;
  settings?: () => Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'>;
}

const oneOf = <T extends string>(options: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (options as readonly string[]).includes(value);

/** The inbox's query from the address, or a 422 saying what is wrong. */
function inboxQuery(url: URL): InboxQuery {
  const get = (name: string) => url.searchParams.get(name) ?? undefined;
  const page = Number(get('page') ?? '1');
  if (!Number.isSafeInteger(page) || page < 1 || page > 10_000)
    throw unprocessable('page must be a whole number from 1.');
  const kind = get('kind');
  if (kind !== undefined && !oneOf(RECORD_KINDS, kind))
    throw unprocessable('kind must be contact, consultation or application.');
  const status = get('status');
  if (status !== undefined && !oneOf(RECORD_STATUSES, status))
    throw unprocessable(`status must be one of: ${RECORD_STATUSES.join(', ')}.`);
  const applicantStatus = get('applicantStatus');
  if (applicantStatus !== undefined && !oneOf(APPLICANT_STATUSES, applicantStatus))
    throw unprocessable(`applicantStatus must be one of: ${APPLICANT_STATUSES.join(', ')}.`);
  const search = get('q');
  if (search !== undefined && search.length > 200) throw unprocessable('The search is too long.');
  return {
    page,
    ...(kind && { kind }),
    ...(status && { status }),
    ...(applicantStatus && { applicantStatus }),
    ...(search && { search }),
  };
}

/** A change from the body, or a 422 saying what is wrong. */
function recordChange(body: Record<string, unknown>): RecordChange {
  const change: RecordChange = {};
  if (body.status !== undefined) {
    if (!oneOf(RECORD_STATUSES, body.status))
      throw unprocessable(`Status must be one of: ${RECORD_STATUSES.join(', ')}.`);
    change.status = body.status;
  }
  if (body.applicantStatus !== undefined) {
    if (!oneOf(APPLICANT_STATUSES, body.applicantStatus))
      throw unprocessable(`The stage must be one of: ${APPLICANT_STATUSES.join(', ')}.`);
    change.applicantStatus = body.applicantStatus;
  }
  if (body.assignedTo !== undefined) {
    if (body.assignedTo !== null && (typeof body.assignedTo !== 'string' || body.assignedTo.length > 320))
      throw unprocessable('assignedTo must be a person’s address, or null.');
    change.assignedTo = body.assignedTo;
  }
  if (body.note !== undefined) {
    if (typeof body.note !== 'string' || !body.note.trim() || body.note.length > 4000)
      throw unprocessable('A note is text of up to 4,000 characters.');
    change.note = body.note.trim();
  }
  if (Object.keys(change).length === 0)
    throw unprocessable('Nothing to change: give a status, stage, assignee or note.');
  return change;
}

const staff = (call: DeskRequest) => requireStaff(call.request, { deps: { db: call.db, now: () => call.now } });
const noRecord = () => jsonMessage(404, 'There is no such record: it may have been erased.');

/** The consultation times held or booked from today on, by Nairobi day. */
async function consultationsAhead(call: DeskRequest) {
  const rows = await call.db.query<{
    submission_id: string;
    place: string;
    start_at: Date;
    state: string;
    record: Record<string, unknown>;
  }>(
    `SELECT h.submission_id, h.place, h.start_at, h.state, s.record
       FROM holds h JOIN submissions s ON s.id = h.submission_id
      WHERE h.end_at > $1 AND (h.state = 'confirmed' OR h.lapses_at > $1)
      ORDER BY h.start_at`,
    [call.now],
  );
  const days = new Map<string, { day: string; times: unknown[] }>();
  for (const row of rows) {
    const day = formatNairobiTime(row.start_at.toISOString()).split(',').slice(0, 2).join(',');
    const fields = (row.record.fields ?? {}) as Record<string, unknown>;
    const entry = days.get(day) ?? { day, times: [] };
    entry.times.push({
      id: row.submission_id,
      label: formatNairobiTime(row.start_at.toISOString()),
      state: row.state === 'confirmed' ? 'booked' : 'held',
      name: typeof fields.name === 'string' ? fields.name : '',
      place: describeValue('consultation', 'meeting_place', row.place),
    });
    days.set(day, entry);
  }
  return [...days.values()];
}

export function createRecordsHandler(deps: RecordsDeps = {}) {
  const openFiles = deps.openFiles ?? openFullSubmissionStore;
  const settings = deps.settings ?? notificationSettingsFromEnv;
  return deskFunction('staff records', deps, [
    async (call) => {
      if (!route(call, 'GET', 'records')) return undefined;
      const caller = await staff(call);
      if (!isCaller(caller)) return caller;
      return jsonAnswer(200, await inboxPage(call.db, inboxQuery(new URL(call.request.url))));
    },
    async (call) => {
      const found = route(call, 'GET', 'records/:id');
      if (!found) return undefined;
      const caller = await staff(call);
      if (!isCaller(caller)) return caller;
      const detail = isSubmissionId(found.id) ? await recordDetail(call.db, found.id) : undefined;
      if (!detail) return noRecord();
      await audit(call.db, caller, 'record.open', found.id);
      return jsonAnswer(200, detail);
    },
    async (call) => {
      const found = route(call, 'POST', 'records/:id');
      if (!found) return undefined;
      const caller = await staff(call);
      if (!isCaller(caller)) return caller;
      const change = recordChange(await bodyOf(call.request));
      if (!isSubmissionId(found.id) || !(await changeRecord(call.db, found.id, change, caller, call.now)))
        return noRecord();
      return jsonAnswer(200, { message: 'Saved.', ...(await recordDetail(call.db, found.id)) });
    },
    async (call) => {
      const found = route(call, 'GET', 'records/:id/documents/:name');
      if (!found) return undefined;
      const caller = await staff(call);
      if (!isCaller(caller)) return caller;
      const [row] = isSubmissionId(found.id)
        ? await call.db.query<SubmissionRow>(
            `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE id = $1 AND type = 'application'`,
            [found.id],
          )
        : [];
      const record = row && recordFromRow(row);
      const file = record?.type === 'application' ? record.files.find((kept) => kept.field === found.name) : undefined;
      const body = file && (await openFiles().get(file.key, { type: 'stream' }));
      if (!file || !body) return jsonMessage(404, 'This document is no longer available.');
      await audit(call.db, caller, 'document.open', found.id, { document: file.field });
      return documentDownload(file, body);
    },
    async (call) => {
      if (!route(call, 'GET', 'consultations')) return undefined;
      const caller = await staff(call);
      if (!isCaller(caller)) return caller;
      return jsonAnswer(200, { days: await consultationsAhead(call) });
    },
    async (call) => {
      const found = route(call, 'POST', 'consultations/:id/:answer');
      if (!found) return undefined;
      const caller = await staff(call);
      if (!isCaller(caller)) return caller;
      if (found.answer !== 'confirm' && found.answer !== 'decline') return jsonMessage(404, 'There is nothing here.');
      if (!isSubmissionId(found.id)) return noRecord();
      const outcome = await answerConsultation(call.db, found.id, found.answer, {
        settings: settings(),
        log: deps.log ?? logError,
        now: call.now,
      });
      if (outcome.status === 200) await audit(call.db, caller, `consultation.${found.answer}`, found.id);
      return jsonMessage(outcome.status, [outcome.title, ...outcome.lines].join(' '));
    },
    async (call) => {
      if (!route(call, 'GET', 'alerts')) return undefined;
      const caller = await staff(call);
      if (!isCaller(caller)) return caller;
      const overview = await alertsOverview(call.db, 20);
      return jsonAnswer(200, {
        categories: overview.categories.map(({ name, subscribers }) => ({ name, subscribers })),
        articles: overview.articles.map((article) => ({
          title: article.slug,
          sentAt: article.state === 'sent' ? article.queuedAt : null,
          recipients: article.sent,
        })),
      });
    },
  ]);
}
