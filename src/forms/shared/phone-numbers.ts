// Reading a phone number, Kenyan or international, into E.164 with
// libphonenumber-js. Its metadata is about 20 KB (gzip), more than a form page
// may spend before anyone touches the form (tests/e2e/weight.spec.ts), so it is
// loaded on demand: the function before it validates, the browser when the
// phone field is first used and, at the latest, when the form is sent. Until it
// has loaded, a number is read leniently (7 to 15 digits, a leading 0 being
// Kenya's); the function always reads it strictly.
import { LIMITS } from './fields.ts';

type ParsePhone = (typeof import('libphonenumber-js/min'))['parsePhoneNumberFromString'];

let parsePhone: ParsePhone | null = null;
let loading: Promise<void> | null = null;

/** Loads libphonenumber-js once; call it before a strict reading is needed. */
export function loadPhoneNumbers(): Promise<void> {
  loading ??= import('libphonenumber-js/min').then((library) => {
    parsePhone = library.parsePhoneNumberFromString;
  });
  return loading;
}

/**
 * A phone number in E.164 ("+254722514380"), or null when `text` is none. A
 * number without its country code is read as Kenyan. The text is bounded
 * (LIMITS.phone) and limited to what people write in phone numbers before it
 * is read, so any input costs little.
 */
export function normalisePhone(text: string): string | null {
  if (text.length > LIMITS.phone || !/^\+?[\d\s().-]+$/.test(text)) return null;
  if (parsePhone) {
    const phone = parsePhone(text, 'KE');
    return phone?.isValid() ? phone.number : null;
  }
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+') ? digits : digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
  return international.length >= 7 && international.length <= 15 ? `+${international}` : null;
}
