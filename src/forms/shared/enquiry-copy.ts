// The words the contact and consultation forms share, in each language: what a
// form says around its fields (the "(optional)" mark, the privacy note's link,
// the notice when sending failed). Each form's own words (its button, what it
// says when sent) are in its module, src/forms/<form>/.
import type { Language } from '../../lib/i18n/languages.ts';
import type { SendPhase } from './sending.ts';

export interface SharedEnquiryCopy {
  /** After the label of a field that may be left blank. */
  optional: string;
  /** The privacy note's link text. */
  privacyNotice: string;
  /** After "not sent": the typed text is kept, and how else to reach the firm (its phone, then its e-mail). */
  stillHere: string;
  call: string;
  orEmail: string;
}

export const sharedEnquiryCopy = {
  en: {
    optional: '(optional)',
    privacyNotice: 'Privacy Notice',
    stillHere: 'What you typed is still here, so you can try again, or reach us directly:',
    call: 'call',
    orEmail: 'or e-mail',
  },
  sw: {
    optional: '(si lazima)',
    privacyNotice: 'Ilani ya Faragha',
    stillHere: 'Ulichoandika bado kipo, kwa hivyo unaweza kujaribu tena, au uwasiliane nasi moja kwa moja:',
    call: 'piga simu',
    orEmail: 'au tuandikie barua pepe kupitia',
  },
} as const satisfies Record<Language, SharedEnquiryCopy>;

/** One enquiry form's own words in one language. */
export interface EnquiryCopy {
  /** The button in each phase (docs/requirements.md#button-states). */
  button: Readonly<Record<SendPhase, string>>;
  /** The privacy note before its link, and after it. */
  privacyNote: readonly [before: string, after: string];
  /** Shown after a success when the answer carried no message. */
  sent: string;
  /** The first words of the notice when sending failed. */
  notSent: string;
}
