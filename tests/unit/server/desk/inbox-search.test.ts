// The inbox's search, in the database: part of a name, a whole e-mail address,
// and a phone number however it is typed find the record; the digits of an
// e-mail address are not read as a phone number (they would find whoever's
// number holds them).
import { beforeAll, describe, expect, it } from 'vitest';
import { validContact } from '../../../../scripts/lib/sample-requests.ts';
import { validateContact } from '../../../../src/forms/contact/contact.ts';
import { loadPhoneNumbers } from '../../../../src/forms/shared/phone-numbers.ts';
import { inboxPage } from '../../../../src/server/desk/records.ts';
import { newSubmissionId } from '../../../../src/server/submissions/ids.ts';
import { contactRecord } from '../../../../src/server/submissions/record.ts';
import { insertSubmission } from '../../../../src/server/submissions/rows.ts';
import { useTestDatabase } from '../../../support/database.ts';

const database = useTestDatabase();

const PEOPLE = [
  { name: 'Njeri Barasa', email: 'kamau.barasa4243@example.com', phone: '0722 000 111' },
  { name: 'Otieno Mutua', email: 'otieno@example.com', phone: '0711 424 300' },
];

/** The names the search finds for `search`. */
const found = async (search: string) =>
  (await inboxPage(database.db, { page: 1, search })).records.map((record) => record.name);

describe('the inbox’s search', () => {
  beforeAll(() => loadPhoneNumbers());

  it('finds a record by part of a name, a whole e-mail address, or a phone number as typed', async () => {
    for (const [index, person] of PEOPLE.entries()) {
      const checked = validateContact({ ...validContact(), ...person });
      if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
      const receivedAt = new Date(Date.UTC(2026, 10, 27, 7, index));
      await insertSubmission(
        database.db,
        contactRecord(checked.data, { id: newSubmissionId(receivedAt.getTime()), receivedAt }),
      );
    }
    expect(await found('njeri')).toEqual(['Njeri Barasa']);
    expect(await found('OTIENO@example.com')).toEqual(['Otieno Mutua']);
    expect(await found('0711 424 300')).toEqual(['Otieno Mutua']);
    expect(await found('+254 711-424-300')).toEqual(['Otieno Mutua']);
    expect(await found('424 300')).toEqual(['Otieno Mutua']);
    // "4243" is in Otieno's number too: the address is read as text only.
    expect(await found('kamau.barasa4243@example.com')).toEqual(['Njeri Barasa']);
  });
});
