// The WhatsApp click-to-chat link (https://wa.me/<digits>?text=<greeting>) in a
// language of the site: the number from site.config, the words from
// src/content/reach-us.ts. Rendered by src/islands/WhatsAppLink.tsx.
import { whatsappCopy } from '../content/reach-us.ts';
import { site } from '../site.config.ts';
import type { Language } from './i18n/languages.ts';

export interface WhatsAppLink {
  href: string;
  /** The number itself, written beside the link: people save it. */
  number: string;
  label: string;
  accessibleName: string;
  notice: string;
}

/** wa.me wants the number in international form, digits only: a Kenyan number written with its leading 0 gains 254. */
export function whatsappDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return phone.trim().startsWith('0') ? `254${digits.slice(1)}` : digits;
}

export function whatsappLink(lang: Language, phone: string = site.whatsapp): WhatsAppLink {
  const copy = whatsappCopy[lang];
  const greeting = copy.greeting.replaceAll('{firm}', site.shortName);
  return {
    href: `https://wa.me/${whatsappDigits(phone)}?text=${encodeURIComponent(greeting)}`,
    number: phone,
    label: copy.label,
    accessibleName: copy.accessibleName,
    notice: copy.notice,
  };
}
