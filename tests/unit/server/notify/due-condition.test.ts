// The SQL a delivery run takes due rows by (pending.ts dueCondition) says what
// deliveryState says, case by case over the retry schedule: records at every
// attempt, just before, at and just after their next try, just arriving, at the
// end of the retry window and past it, stored in a test database; the rows the
// SQL picks are exactly those deliveryState calls due (or, for resend
// --pending, anything undelivered but arriving).
import { describe, expect, it } from 'vitest';
import { failedAttempts, storeContact } from '../../../../scripts/lib/stored-submissions.ts';
import {
  deliveryState,
  dueCondition,
  RETRY_SCHEDULE,
  retryWaitMs,
  scheduleParams,
  UNDELIVERED,
} from '../../../../src/server/notify/pending.ts';
import type { NotificationStatus } from '../../../../src/server/submissions/record.ts';
import { useTestDatabase } from '../../../support/database.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const NOW = new Date('2026-11-22T09:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const { earlyByMs, firstAttemptGraceMs, retryForMs } = RETRY_SCHEDULE;

const database = useTestDatabase();

interface Case {
  name: string;
  receivedAgo: number;
  notified: NotificationStatus | null;
}

/** Every case: a row per attempt count around its next try, and the edges of arriving and of the retry window. */
function cases(): Case[] {
  const table: Case[] = [
    { name: 'never tried, just stored', receivedAgo: 30 * SECOND, notified: null },
    { name: 'never tried, at the end of its grace', receivedAgo: firstAttemptGraceMs - SECOND, notified: null },
    { name: 'never tried, past its grace', receivedAgo: firstAttemptGraceMs, notified: null },
    { name: 'never tried, an hour old', receivedAgo: 60 * MINUTE, notified: null },
    { name: 'never tried, at the end of the window', receivedAgo: retryForMs, notified: null },
    { name: 'never tried, past the window', receivedAgo: retryForMs + DAY, notified: null },
    {
      name: 'no attempt recorded in its status',
      receivedAgo: 10 * MINUTE,
      notified: { at: null, attempts: 0, lastError: null },
    },
    {
      name: 'delivered',
      receivedAgo: 60 * MINUTE,
      notified: { at: ago(50 * MINUTE).toISOString(), attempts: 1, lastError: null },
    },
  ];
  for (let attempts = 1; attempts <= RETRY_SCHEDULE.waitsMinutes.length + 1; attempts++) {
    const dueAfter = retryWaitMs(attempts) - earlyByMs;
    for (const [when, lastTried] of [
      ['before its next try', dueAfter - SECOND],
      ['at its next try', dueAfter],
      ['after its next try', dueAfter + SECOND],
    ] as const) {
      if (lastTried < 0) continue;
      table.push({
        name: `${attempts} attempts, ${when}`,
        receivedAgo: 2 * DAY,
        notified: failedAttempts(attempts, ago(lastTried)),
      });
      // Stored before attempts were timed: counted from its arrival.
      table.push({
        name: `${attempts} untimed attempts, ${when}`,
        receivedAgo: lastTried,
        notified: { at: null, attempts, lastError: 'ECONNREFUSED' },
      });
    }
  }
  table.push(
    {
      name: 'last tried just inside the window',
      receivedAgo: 8 * DAY,
      notified: failedAttempts(20, new Date(ago(8 * DAY).getTime() + retryForMs - SECOND)),
    },
    {
      name: 'last tried at the end of the window (given up)',
      receivedAgo: 8 * DAY,
      notified: failedAttempts(20, new Date(ago(8 * DAY).getTime() + retryForMs)),
    },
    {
      name: 'untimed attempts past the window (given up)',
      receivedAgo: retryForMs + SECOND,
      notified: { at: null, attempts: 3, lastError: 'ECONNREFUSED' },
    },
  );
  return table;
}

/** The cases stored, each as a row; the names by id, and the state deliveryState gives each. */
async function stored() {
  const rows = [];
  for (const { name, receivedAgo, notified } of cases()) {
    const { id, record } = await storeContact(database.db, { receivedAt: ago(receivedAgo), notified });
    rows.push({ id, name, state: deliveryState(record, NOW).state });
  }
  return rows;
}

const picked = async (everyPending: boolean) =>
  new Set(
    (
      await database.db.query<{ id: string }>(
        `SELECT id FROM submissions WHERE ${UNDELIVERED} AND ${dueCondition(everyPending)}`,
        [NOW, ...scheduleParams()],
      )
    ).map((row) => row.id),
  );

describe('the SQL due-condition', () => {
  it('picks exactly the rows deliveryState says are due, at every point of the retry schedule', async () => {
    const rows = await stored();
    const sql = await picked(false);
    expect(rows.map(({ id, name }) => [name, sql.has(id)])).toEqual(
      rows.map(({ name, state }) => [name, state === 'due']),
    );
    // The table covers each state.
    expect(new Set(rows.map(({ state }) => state))).toEqual(
      new Set(['arriving', 'due', 'waiting', 'given-up', 'delivered']),
    );
  });

  it('for resend --pending, picks every undelivered row but one just arriving', async () => {
    const rows = await stored();
    const sql = await picked(true);
    expect(rows.map(({ id, name }) => [name, sql.has(id)])).toEqual(
      rows.map(({ name, state }) => [name, state !== 'arriving' && state !== 'delivered']),
    );
  });
});
