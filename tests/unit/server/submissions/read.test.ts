// Staff read submissions back from the database: the newest of some kinds a
// page at a time, everything one person sent by their address in any case,
// one by the id a person typed.
import { describe, expect, it } from 'vitest';
import { validContact } from '../../../../scripts/lib/sample-requests.ts';
import { newSubmissionId } from '../../../../src/server/submissions/ids.ts';
import { findSubmission, listSubmissions, submissionsFrom } from '../../../../src/server/submissions/read.ts';
import { contactRecord } from '../../../../src/server/submissions/record.ts';
import { insertSubmission } from '../../../../src/server/submissions/rows.ts';
import { useTestDatabase } from '../../../support/database.ts';

const database = useTestDatabase();
const NOW = new Date('2026-11-22T09:00:00.000Z');

/** A contact message `minutes` before NOW from `email`; its id. */
async function contactAt(minutes: number, email = 'wanjiru@example.co.ke') {
  const receivedAt = new Date(NOW.getTime() - minutes * 60_000);
  const record = contactRecord(
    { ...validContact(), email, honey: '' },
    { id: newSubmissionId(receivedAt.getTime()), receivedAt },
  );
  await insertSubmission(database.db, record);
  return record.id;
}

describe('reading submissions back', () => {
  it('lists the newest first, a page at a time, each once', async () => {
    const ids = [];
    for (const minutes of [50, 40, 30, 20, 10]) ids.push(await contactAt(minutes));
    const pages: string[][] = [];
    let after: { receivedAt: Date; id: string } | undefined;
    for (;;) {
      const page = await listSubmissions(database.db, { types: ['contact'], limit: 2, ...(after && { after }) });
      if (page.length === 0) break;
      pages.push(page.map((submission) => submission.id));
      after = page.at(-1)!;
    }
    expect(pages).toEqual([[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]]]);
    expect(await listSubmissions(database.db, { types: ['application'] })).toEqual([]);
    const since = await listSubmissions(database.db, { since: new Date(NOW.getTime() - 30 * 60_000) });
    expect(since.map((submission) => submission.id)).toEqual([ids[4], ids[3], ids[2]]);
  });

  it('finds everything one person sent by their address in any case, oldest first, and one by its id in any case', async () => {
    const first = await contactAt(20, ' Wanjiru@Example.co.ke ');
    await contactAt(15, 'otieno@example.com');
    const second = await contactAt(10);
    expect((await submissionsFrom(database.db, 'WANJIRU@example.CO.KE')).map((submission) => submission.id)).toEqual([
      first,
      second,
    ]);
    const found = await findSubmission(database.db, ` ${second.toLowerCase()} `);
    expect(found).toMatchObject({ id: second, type: 'contact', documentKeys: [] });
    expect(found.record.fields).toMatchObject({ email: 'wanjiru@example.co.ke' });
    await expect(findSubmission(database.db, '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH')).rejects.toThrow(
      'No submission has the id 01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH',
    );
  });
});
