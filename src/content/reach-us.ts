// How else a visitor can reach the firm, in each language of the site: the
// WhatsApp click-to-chat link (its words, the greeting it starts the chat with,
// and the warning beside it) and the languages the firm works in. The number is
// the firm's, in src/site.config.ts; src/lib/whatsapp.ts puts them together.
import type { Language } from '../lib/i18n/languages.ts';

export interface WhatsAppCopy {
  /** The link's visible words. */
  label: string;
  /** The link's accessible name: its words and that it opens a new tab. */
  accessibleName: string;
  /** The message the chat starts with; {firm} is the firm's short name. */
  greeting: string;
  /** The one line beside every link. */
  notice: string;
}

export const whatsappCopy = {
  en: {
    label: 'Chat with us on WhatsApp',
    accessibleName: 'Chat with us on WhatsApp (opens in a new tab)',
    greeting: 'Hello {firm}, I would like to talk to you about a legal matter.',
    notice: 'Please do not send documents or confidential details by WhatsApp — use our forms.',
  },
  sw: {
    label: 'Zungumza nasi kupitia WhatsApp',
    accessibleName: 'Zungumza nasi kupitia WhatsApp (inafunguka katika kichupo kipya)',
    greeting: 'Habari {firm}, ningependa kuzungumza nanyi kuhusu suala la kisheria.',
    notice: 'Tafadhali usitume nyaraka wala taarifa za siri kupitia WhatsApp — tumia fomu zetu.',
  },
} as const satisfies Record<Language, WhatsAppCopy>;

/** The languages the firm does business in, as the contact page states them. */
export const languagesOfBusiness = {
  en: { label: 'Languages', value: 'English and Kiswahili' },
  sw: { label: 'Lugha', value: 'Kiingereza na Kiswahili' },
} as const satisfies Record<Language, { label: string; value: string }>;
