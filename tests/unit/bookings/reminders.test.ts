// The day before a booked consultation the visitor is reminded, once, in the
// language they wrote in; a time only held is not reminded of, nor one further
// off; a failed send is tried again on the next run.
import { describe, expect, it } from 'vitest';
import { bookSlot } from '../../../src/server/bookings/holds.ts';
import { sendReminders } from '../../../src/server/bookings/reminders.ts';
import type { OutgoingMail } from '../../../src/server/notify/mail.ts';
import { validConsultation } from '../../../scripts/lib/sample-requests.ts';
import { requestTime } from '../../support/consultation-with-time.ts';
import { useTestDatabase } from '../../support/database.ts';

const database = useTestDatabase();
/** Friday 27 November 2026, 10:00 in Nairobi. */
const NOW = new Date('2026-11-27T07:00:00Z');
const MONDAY_0830 = '2026-11-30T08:30:00+03:00';
/** Sunday 29 November, 09:00 in Nairobi: within a day of Monday 08:30. */
const SUNDAY = new Date('2026-11-29T06:00:00Z');

async function booked(place: string, slot: string, lang = 'en', confirm = true) {
  const id = await requestTime(database.db, { place, slot, lang, now: NOW });
  if (confirm) expect(await bookSlot(database.db, place, slot, id)).toMatchObject({ state: 'confirmed' });
  return id;
}

function mailer(fail = false) {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    settings: {
      mailer: {
        send: async (mail: OutgoingMail) => {
          if (fail) throw new Error('the mail server is down');
          sent.push(mail);
        },
      },
      from: 'site@example.co.ke',
      siteUrl: 'https://www.example.co.ke',
    },
  };
}

describe('the day-before reminder', () => {
  it('goes once to the visitor of a booked consultation within the next day, in their language', async () => {
    const id = await booked('nairobi', MONDAY_0830, 'sw');
    await booked('kakamega', MONDAY_0830, 'en', false); // held, not booked
    await booked('video', '2026-12-01T09:30:00+03:00'); // Tuesday: two days off
    const { sent, settings } = mailer();
    expect(await sendReminders(database.db, settings, NOW)).toEqual({ sent: [], failed: [] });
    expect(await sendReminders(database.db, settings, SUNDAY)).toEqual({ sent: [id], failed: [] });
    expect(await sendReminders(database.db, settings, new Date(SUNDAY.getTime() + 600_000))).toEqual({
      sent: [],
      failed: [],
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([validConsultation().email]);
    expect(sent[0]!.subject).toBe('Ukumbusho wa mashauriano: Jumatatu, 30 Novemba 2026, saa 08:30 (saa za Nairobi)');
    expect(sent[0]!.text).toContain('Ofisi ya Nairobi');
  });

  it('is tried again on the next run when the send fails', async () => {
    const id = await booked('nairobi', MONDAY_0830);
    const down = mailer(true);
    expect(await sendReminders(database.db, down.settings, SUNDAY)).toMatchObject({ sent: [], failed: [{ id }] });
    const up = mailer();
    expect(await sendReminders(database.db, up.settings, SUNDAY)).toEqual({ sent: [id], failed: [] });
    expect(up.sent[0]!.subject).toBe('Reminder of your consultation: Monday 30 November 2026, 08:30 (Nairobi time)');
  });
});
