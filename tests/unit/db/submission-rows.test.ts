import { describe, expect, it } from 'vitest';
import { contactRecord } from '../../../src/server/submissions/record.ts';
import {
  insertSubmission,
  recordFromRow,
  SUBMISSION_COLUMNS,
  type SubmissionRow,
} from '../../../src/server/submissions/rows.ts';
import { useTestDatabase } from '../../support/database.ts';

const database = useTestDatabase();

const message = contactRecord(
  { name: 'Wanjiku', email: '  Wanjiku@Example.CO.KE ', phone: '0712 345 678', msg: 'About my lease' } as never,
  { id: '01JD0000000000000000000000', receivedAt: new Date('2026-11-20T07:30:00Z') },
  'sw',
);

describe('a submission as a row', () => {
  it('reads back as the record that was stored, found by its address in lower case', async () => {
    await database.db.transaction((tx) => insertSubmission(tx, message));
    const rows = await database.db.query<SubmissionRow>(
      `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE email = $1`,
      ['wanjiku@example.co.ke'],
    );
    expect(rows.map(recordFromRow)).toEqual([message]);
  });

  it('is never overwritten by a second one with the same id', async () => {
    await database.db.transaction((tx) => insertSubmission(tx, message));
    const again = { ...message, fields: { ...message.fields, msg: 'Changed' } };
    await expect(database.db.transaction((tx) => insertSubmission(tx, again))).rejects.toThrow();
    const [row] = await database.db.query<SubmissionRow>(`SELECT ${SUBMISSION_COLUMNS} FROM submissions`);
    expect((recordFromRow(row!).fields as { msg?: string }).msg).toBe('About my lease');
  });
});
