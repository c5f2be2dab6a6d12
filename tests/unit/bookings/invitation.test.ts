// The invitation a confirmed visitor receives, as RFC 5545 asks: CRLF lines of
// at most 75 octets, METHOD:REQUEST, times in UTC, a UID that stays the same.
import { describe, expect, it } from 'vitest';
import { invitation, type InvitationEvent } from '../../../src/server/bookings/invitation.ts';

const EVENT: InvitationEvent = {
  submissionId: '01JDQ6V9W7KXAMPBE0000000AB',
  host: 'www.example.co.ke',
  start: new Date('2026-12-02T08:45:00+03:00'),
  end: new Date('2026-12-02T09:30:00+03:00'),
  stamp: new Date('2026-11-27T07:00:00Z'),
  summary: 'Consultation with MNO Advocates',
  location: 'Muthoni, Nyongesa & Otieno Advocates, 5th Floor; Upper Hill, Nairobi',
  description: 'Nairobi office: 5th Floor\nMap: https://www.google.com/maps/search/?api=1&query=-1.29,36.81 — '.repeat(
    3,
  ),
  organizer: { name: 'Muthoni, Nyongesa & Otieno Advocates', email: 'info@example.co.ke' },
  attendee: 'otieno@example.com',
};

describe('the calendar invitation', () => {
  const text = invitation(EVENT);
  const unfolded = text.replace(/\r\n /g, '');

  it('is one confirmed event, asked for, in UTC, with a UID made from the request', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of [
      'METHOD:REQUEST',
      'DTSTART:20261202T054500Z',
      'DTEND:20261202T063000Z',
      'DTSTAMP:20261127T070000Z',
      'UID:consultation-01JDQ6V9W7KXAMPBE0000000AB@www.example.co.ke',
      'STATUS:CONFIRMED',
      'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:otieno@example.com',
    ])
      expect(unfolded.split('\r\n')).toContain(line);
    expect(invitation({ ...EVENT, stamp: new Date() })).toContain('UID:consultation-01JDQ6V9W7KXAMPBE0000000AB@');
  });

  it('escapes text values and folds every line at 75 octets, with CRLF only', () => {
    expect(unfolded).toContain('LOCATION:Muthoni\\, Nyongesa & Otieno Advocates\\, 5th Floor\\; Upper Hill\\, Nairobi');
    expect(unfolded).toContain('DESCRIPTION:Nairobi office: 5th Floor\\nMap:');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // A fold never splits a character: "—" (3 octets) arrives whole.
    expect(unfolded.match(/—/g)).toHaveLength(3);
  });
});
