// The WhatsApp click-to-chat link: the firm's number from site.config, a
// greeting and a notice in the page's language (src/lib/whatsapp.ts).
import { describe, expect, it } from 'vitest';
import { whatsappCopy } from '../../src/content/reach-us.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { whatsappDigits, whatsappLink } from '../../src/lib/whatsapp.ts';
import { site } from '../../src/site.config.ts';

describe('the WhatsApp link', () => {
  it('opens a chat with the firm’s number, in international digits', () => {
    expect(whatsappDigits('+254 711 402 518')).toBe('254711402518');
    expect(whatsappDigits('0722 514 380')).toBe('254722514380');
    expect(whatsappLink('en').href).toMatch(new RegExp(`^https://wa\\.me/${whatsappDigits(site.whatsapp)}\\?text=`));
  });

  it('starts the chat with a short greeting in the page’s language, naming the firm', () => {
    const greeting = (lang: 'en' | 'sw') => new URL(whatsappLink(lang).href).searchParams.get('text');
    expect(greeting('en')).toBe(`Hello ${site.shortName}, I would like to talk to you about a legal matter.`);
    expect(greeting('sw')).toBe(`Habari ${site.shortName}, ningependa kuzungumza nanyi kuhusu suala la kisheria.`);
  });

  it('names WhatsApp and the new tab in every language, and warns against sending documents that way', () => {
    for (const lang of LANGUAGES) {
      const link = whatsappLink(lang);
      expect(link.accessibleName).toContain('WhatsApp');
      expect(link.accessibleName.startsWith(link.label)).toBe(true);
      expect(link.notice).toContain('WhatsApp');
      expect(whatsappCopy[lang].greeting).toContain('{firm}');
    }
    expect(whatsappLink('en').notice).toBe(
      'Please do not send documents or confidential details by WhatsApp — use our forms.',
    );
    expect(whatsappLink('sw').notice).toBe(
      'Tafadhali usitume nyaraka wala taarifa za siri kupitia WhatsApp — tumia fomu zetu.',
    );
  });
});
