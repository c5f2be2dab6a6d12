// The calendar invitation (RFC 5545) sent with a confirmed consultation: one
// event, METHOD:REQUEST, its times in UTC (so no VTIMEZONE is needed and every
// calendar shows the visitor's own clock), a UID made from the request's id
// (stable: a resend updates the same event), lines ending CRLF and folded at
// 75 octets. Only the firm's words and the request's time go into it.
const CRLF = '\r\n';

export interface InvitationEvent {
  /** The request's submission id. */
  submissionId: string;
  /** The site's host, for the UID: "www.example.co.ke". */
  host: string;
  start: Date;
  end: Date;
  /** Written when the invitation is made. */
  stamp: Date;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: string;
}

/** 20261202T054500Z */
const utc = (time: Date) =>
  time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545, 3.3.11). */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A content line folded at 75 octets, never inside a UTF-8 sequence (RFC 5545, 3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The invitation's text, ready to attach as text/calendar; method=REQUEST. */
export function invitation(event: InvitationEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${text(event.organizer.name)}//Consultations//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:consultation-${event.submissionId}@${event.host}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION:${text(event.description)}`,
    `ORGANIZER;CN=${JSON.stringify(event.organizer.name.replace(/"/g, "'"))}:mailto:${event.organizer.email}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${event.attendee}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}
