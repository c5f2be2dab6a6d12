// The firm's colours and mark, made from src/site.config.ts (src/lib/brand.ts),
// and the promise that they have one home: every colour variable the stylesheets
// use is set either by that brand stylesheet or by src/styles/global.css.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brandStylesheet, cssVariable, faviconSvg, monogramOf } from '../../src/lib/brand.ts';
import { site, type BrandColours } from '../../src/site.config.ts';

const srcDir = fileURLToPath(new URL('../../src', import.meta.url));

/** Every .css and .astro file under src/. */
function stylesheets(dir = srcDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : stylesheets(path);
    return /\.(css|astro)$/.test(entry.name) ? [path] : [];
  });
}

const definedIn = (css: string) => new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]!));

describe('the brand stylesheet', () => {
  const css = brandStylesheet(site.brand.colours);

  it('sets each brand colour, its channels, and the select arrow in ink', () => {
    for (const [name, colour] of Object.entries(site.brand.colours)) {
      expect(css).toContain(`${cssVariable(name)}: ${colour};`);
      const channels = [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16)).join(' ');
      expect(css).toContain(`${cssVariable(name)}-rgb: ${channels};`);
    }
    expect(css).toContain(`stroke='${encodeURIComponent(site.brand.colours.ink)}'`);
    expect(cssVariable('goldStrong')).toBe('--color-gold-strong');
  });

  it('refuses a colour not written #rrggbb, naming the setting', () => {
    const colours: BrandColours = { ...site.brand.colours, gold: '#abc' };
    expect(() => brandStylesheet(colours)).toThrow(/brand\.colours\.gold must be a colour written #rrggbb, not "#abc"/);
    expect(() => brandStylesheet({ ...site.brand.colours, ink: '#teal00' })).toThrow(/brand\.colours\.ink/);
  });

  it('with global.css, sets every --color variable a stylesheet uses', () => {
    const defined = new Set([...definedIn(css), ...definedIn(readFileSync(join(srcDir, 'styles/global.css'), 'utf8'))]);
    const missing = stylesheets().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\((--color-[\w-]+)/g)]
        .map((match) => match[1]!)
        .filter((name) => !defined.has(name))
        .map((name) => `${relative(srcDir, file)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('leaves no brand colour written out in global.css', () => {
    const global = readFileSync(join(srcDir, 'styles/global.css'), 'utf8').toLowerCase();
    for (const colour of Object.values(site.brand.colours)) expect(global).not.toContain(colour.toLowerCase());
  });

  it('gives the browser the ink as its theme colour', () => {
    expect(site.brand.themeColour).toBe(site.brand.colours.ink);
  });
});

describe('the mark', () => {
  it.each([
    ['Muthoni, Nyongesa & Otieno Advocates', 'MNO'],
    ['Baraza & Wekesa Advocates', 'BW'],
    ['Wanjiru, Otieno, Kamau and Njoroge LLP', 'WOK'],
    ['Kamau Advocates', 'K'],
    ['Achieng', 'A'],
  ])('of “%s” is %s', (name, letters) => {
    expect(monogramOf(name)).toBe(letters);
  });

  it('is this firm’s favicon: its letters in gold-soft on an ink tile framed in gold', () => {
    const svg = faviconSvg(site.brand.colours, monogramOf(site.name));
    expect(svg).toContain(`<rect width="64" height="64" rx="12" fill="${site.brand.colours.ink}"/>`);
    expect(svg).toContain(`stroke="${site.brand.colours.gold}"`);
    expect(svg).toMatch(new RegExp(`font-size="21"[^>]*fill="${site.brand.colours.goldSoft}">MNO</text>`));
    expect(faviconSvg(site.brand.colours, 'BW')).toMatch(/y="40.5"[^>]*font-size="24"[^>]*>BW</);
  });
});
