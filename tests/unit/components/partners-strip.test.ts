import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { CollectionEntry } from 'astro:content';
import { describe, expect, it } from 'vitest';
import PartnersStrip from '../../../src/components/home/PartnersStrip.astro';

type Partner = CollectionEntry<'partners'>['data'];

const logo = (id: number, name: string): Partner => ({
  id,
  name,
  sector: 'finance',
  image: { src: `/logos/${id}.svg`, width: 320, height: 160, format: 'svg' },
});

const render = async (partners: readonly Partner[], lang: 'en' | 'sw' = 'en') =>
  (await AstroContainer.create()).renderToString(PartnersStrip, { props: { partners, lang } });

describe('the home page’s strip of client logos', () => {
  it.each(['en', 'sw'] as const)(
    'is left out, heading and View More with it, when there are no logos (%s)',
    async (lang) => {
      const html = await render([], lang);
      expect(html).not.toContain('data-section="partners"');
      expect(html).not.toContain('partners-heading');
      expect(html).not.toContain('clients-and-partners');
      expect(html.replace(/<style[\s\S]*?<\/style>/g, '').trim()).toBe('');
    },
  );

  it('shows each logo under its heading, with View More to /clients-and-partners', async () => {
    const html = await render([logo(1, 'Pwani Traders Sacco'), logo(2, 'Bandari Shipping')]);
    expect(html).toContain('Trusted by businesses and institutions across Kenya');
    expect(html).toMatch(/<a class="partners-strip__more[^"]*" href="\/clients-and-partners"[^>]*>\s*View More/);
    expect(html).toContain('alt="Pwani Traders Sacco"');
    expect(html).toContain('alt="Bandari Shipping"');
  });
});
