// Confirm on the desk's consultation does what the e-mail's button does: the
// held time is booked and the visitor is e-mailed the confirmation with the
// calendar invitation (a text/calendar part at the booked time), sent through
// a real SMTP conversation to the test server; the change is audited as the
// person who pressed it.
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { validConsultation } from '../../../../scripts/lib/sample-requests.ts';
import { takenStarts } from '../../../../src/server/bookings/holds.ts';
import { createRecordsHandler } from '../../../../src/server/desk/records-handler.ts';
import { personFromInvitation } from '../../../../src/server/desk/people.ts';
import { relyingParty } from '../../../../src/server/desk/relying-party.ts';
import { SESSION_COOKIE, startSession } from '../../../../src/server/desk/sessions.ts';
import { requestTime } from '../../../support/consultation-with-time.ts';
import { countingMailer } from '../../../support/counting-mailer.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { testNotificationSettings } from '../../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../../support/smtp-per-test.ts';

const database = useTestDatabase();
const smtp = smtpServerPerTest();
/** Friday 27 November 2026, 10:00 in Nairobi; the visitor chose Monday 30 November, 08:30. */
const NOW = new Date('2026-11-27T07:00:00Z');
const MONDAY_0830 = '2026-11-30T08:30:00+03:00';

describe('confirming a consultation from the desk', () => {
  it('books the time and e-mails the visitor the confirmation with a calendar invitation for it', async () => {
    const id = await requestTime(database.db, { place: 'nairobi', slot: MONDAY_0830, now: NOW });
    const email = 'clerk@mnoadvocates.co.ke';
    const token = await startSession(
      database.db,
      await personFromInvitation(database.db, { email, role: 'staff', createdBy: null }),
      NOW,
    );
    const settings = testNotificationSettings(smtp.url);
    const mailer = countingMailer(settings.mailer!);
    const logged: unknown[] = [];
    const handler = createRecordsHandler({
      db: database.db,
      now: () => NOW,
      settings: () => ({ ...settings, mailer }),
      log: (entry) => logged.push(entry),
    });
    const { origin } = relyingParty();

    const answer = await handler(
      new Request(`${origin}/api/v1/staff/consultations/${id}/confirm`, {
        method: 'POST',
        headers: { cookie: `${SESSION_COOKIE}=${token}`, origin },
      }),
    );
    expect(answer.status).toBe(200);
    expect((await answer.json()).message).toMatch(/^Done Confirmed: .* The visitor has been e-mailed\.$/);
    expect(await mailer.settled()).toBe(1);
    expect(logged).toEqual([]);
    // Booked: still taken long after the hold would have lapsed.
    expect(await takenStarts(database.db, 'nairobi', new Date('2026-12-10T08:00:00Z'))).toEqual(new Set([MONDAY_0830]));

    const [sent] = smtp.messages;
    expect(sent!.envelope.to).toEqual([validConsultation().email]);
    expect(sent!.subject).toBe('Consultation confirmed: Monday 30 November 2026, 08:30 (Nairobi time)');
    const calendar = (await PostalMime.parse(sent!.raw)).attachments.find((part) => part.mimeType === 'text/calendar');
    const ics = typeof calendar!.content === 'string' ? calendar!.content : new TextDecoder().decode(calendar!.content);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART:20261130T053000Z');

    const [event] = await database.db.query<{ person_email: string; action: string }>(
      `SELECT person_email, action FROM audit_events WHERE subject = $1`,
      [id],
    );
    expect(event).toEqual({ person_email: email, action: 'consultation.confirm' });
  });
});
