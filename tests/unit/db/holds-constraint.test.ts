import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../src/server/db/unavailable.ts';
import { consultationRecord } from '../../../src/server/submissions/record.ts';
import { insertSubmission } from '../../../src/server/submissions/rows.ts';
import { useTestDatabase } from '../../support/database.ts';

const database = useTestDatabase();

const request = (id: string) =>
  consultationRecord({ name: 'Otieno', email: `${id}@example.com` } as never, { id, receivedAt: new Date() });

const holdRow = (submissionId: string) =>
  database.db.query(
    `INSERT INTO holds (place, start_at, end_at, state, submission_id, held_at, lapses_at)
     VALUES ('nairobi', '2026-11-30T08:30:00+03:00', '2026-11-30T09:30:00+03:00', 'held', $1, now(), now() + interval '2 days')`,
    [submissionId],
  );

describe('the holds table', () => {
  it('refuses a second row for the same place and start by its constraint alone', async () => {
    await database.db.transaction(async (tx) => {
      await insertSubmission(tx, request('01JD0000000000000000000001'));
      await insertSubmission(tx, request('01JD0000000000000000000002'));
    });
    await holdRow('01JD0000000000000000000001');
    const error = await holdRow('01JD0000000000000000000002').catch((caught: unknown) => caught);
    expect(isUniqueViolation(error, 'holds_one_per_time')).toBe(true);
    expect(await database.db.query('SELECT submission_id FROM holds')).toEqual([
      { submission_id: '01JD0000000000000000000001' },
    ]);
  });

  it('lets go of a time when its request is deleted', async () => {
    await database.db.transaction((tx) => insertSubmission(tx, request('01JD0000000000000000000003')));
    await holdRow('01JD0000000000000000000003');
    await database.db.query(`DELETE FROM submissions WHERE id = $1`, ['01JD0000000000000000000003']);
    expect(await database.db.query('SELECT * FROM holds')).toEqual([]);
  });
});
