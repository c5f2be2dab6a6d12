// What a visitor who chose a consultation time is e-mailed once staff answer,
// in the language of the page they wrote from: confirmed (the time, where —
// an office's address and map link, or how we will call — and the calendar
// invitation), or declined (the time is free again; a link back to the form to
// choose another); and, once booked, a reminder the day before. They go to the address typed into the form, so they carry
// only the firm's words and the time, never anything else a visitor typed.
import { officeName } from '../../content/office-line.ts';
import { officeOfPlace } from '../../forms/consultation/consultation.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { formatNairobiClock, formatNairobiWeekday } from '../../lib/nairobi-time.ts';
import { formatOfficeAddress, site } from '../../site.config.ts';
import type { OutgoingMail } from '../notify/mail.ts';
import type { ConsultationRecord } from '../submissions/record.ts';
import { invitation } from './invitation.ts';

/** "Wednesday 2 December 2026, 08:45 (Nairobi time)" in the visitor's language. */
function when(start: string, lang: Language): string {
  const day = `${formatNairobiWeekday(start, lang)} ${start.slice(0, 4)}`;
  return lang === 'sw'
    ? `${day}, saa ${formatNairobiClock(start)} (saa za Nairobi)`
    : `${day}, ${formatNairobiClock(start)} (Nairobi time)`;
}

/** Where, in words, and for the invitation's LOCATION. */
function where(place: string, lang: Language): { lines: string[]; location: string } {
  const office = officeOfPlace(place);
  if (office) {
    const map = `https://www.google.com/maps/search/?api=1&query=${office.geo.latitude},${office.geo.longitude}`;
    const address = `${formatOfficeAddress(office)}, ${office.city}`;
    return {
      lines: [`${officeName(office.city, lang)}: ${address}`, `${lang === 'sw' ? 'Ramani' : 'Map'}: ${map}`],
      location: `${site.name}, ${address}`,
    };
  }
  const ways = {
    video: {
      en: 'By video call: we will e-mail you the link before the time.',
      sw: 'Kwa video: tutakutumia kiungo kwa barua pepe kabla ya muda huo.',
    },
    phone: {
      en: 'By phone: we will call you at that time.',
      sw: 'Kwa simu: tutakupigia simu wakati huo.',
    },
  } as const;
  const way = place === 'video' || place === 'phone' ? ways[place][lang] : '';
  return { lines: [way], location: place === 'video' ? 'Video call' : 'Phone call' };
}

interface VisitorMailSettings {
  from: string;
  siteUrl: string;
}

const greeting = { en: 'Hello,', sw: 'Habari,' } as const;
const reference = { en: 'Reference', sw: 'Nambari ya marejeleo' } as const;
const signOff = (lang: Language) => [lang === 'sw' ? 'Wako,' : 'Kind regards,', site.name, site.phones.local];

/** A message to the visitor: the greeting, `body`, the request's reference and the firm's sign-off, in `lang`. */
function visitorMail(
  record: ConsultationRecord,
  settings: VisitorMailSettings,
  lang: Language,
  subject: string,
  body: string[],
): OutgoingMail {
  return {
    from: settings.from,
    to: [record.fields.email],
    replyTo: { name: site.name, address: site.email.general },
    subject,
    text: [greeting[lang], '', ...body, '', `${reference[lang]}: ${record.id}`, '', ...signOff(lang)].join('\n'),
  };
}

/** The confirmation, with the invitation; `end` is the consultation's end, as held. */
export function confirmationMail(
  record: ConsultationRecord,
  slot: { start: string; end: string },
  settings: VisitorMailSettings,
  now: Date,
): OutgoingMail {
  const lang = record.language ?? 'en';
  const place = where(record.fields.meeting_place ?? '', lang);
  const time = when(slot.start, lang);
  const words = {
    en: {
      subject: `Consultation confirmed: ${time}`,
      confirmed: `Your consultation with ${site.name} is confirmed: ${time}.`,
      attached: 'A calendar invitation is attached. If you cannot come, please reply to this e-mail in good time.',
      summary: `Consultation with ${site.shortName}`,
    },
    sw: {
      subject: `Mashauriano yamethibitishwa: ${time}`,
      confirmed: `Tumethibitisha mashauriano yako na ${site.name}: ${time}.`,
      attached: 'Mwaliko wa kalenda umeambatishwa. Ikiwa huwezi kuhudhuria, tafadhali jibu barua pepe hii mapema.',
      summary: `Mashauriano na ${site.shortName}`,
    },
  }[lang];
  return {
    ...visitorMail(record, settings, lang, words.subject, [words.confirmed, '', ...place.lines, '', words.attached]),
    invitation: invitation({
      submissionId: record.id,
      host: new URL(settings.siteUrl).host,
      start: new Date(slot.start),
      end: new Date(slot.end),
      stamp: now,
      summary: words.summary,
      location: place.location,
      description: [...place.lines, `${reference[lang]}: ${record.id}`].join('\n'),
      organizer: { name: site.name, email: site.email.general },
      attendee: record.fields.email,
    }),
  };
}

/** The time could not be kept: free again, and where to choose another. */
export function declineMail(record: ConsultationRecord, formUrl: string, settings: VisitorMailSettings): OutgoingMail {
  const lang = record.language ?? 'en';
  const time = when(record.fields.slot ?? '', lang);
  return lang === 'sw'
    ? visitorMail(record, settings, lang, `Tafadhali chagua muda mwingine: ${time}`, [
        `Samahani, hatuwezi kukutana nawe ${time}.`,
        `Tafadhali chagua muda mwingine hapa: ${formUrl}`,
      ])
    : visitorMail(record, settings, lang, `Please choose another time: ${time}`, [
        `We are sorry: we cannot meet you on ${time}.`,
        `Please choose another time here: ${formUrl}`,
      ]);
}

/** The day-before reminder of a booked consultation. */
export function reminderMail(
  record: ConsultationRecord,
  slot: { start: string },
  settings: VisitorMailSettings,
): OutgoingMail {
  const lang = record.language ?? 'en';
  const place = where(record.fields.meeting_place ?? '', lang);
  const time = when(slot.start, lang);
  return lang === 'sw'
    ? visitorMail(record, settings, lang, `Ukumbusho wa mashauriano: ${time}`, [
        `Ukumbusho: mashauriano yako na ${site.name} ni ${time}.`,
        '',
        ...place.lines,
        '',
        'Ikiwa huwezi kuhudhuria, tafadhali jibu barua pepe hii.',
      ])
    : visitorMail(record, settings, lang, `Reminder of your consultation: ${time}`, [
        `A reminder: your consultation with ${site.name} is on ${time}.`,
        '',
        ...place.lines,
        '',
        'If you cannot come, please reply to this e-mail.',
      ]);
}
