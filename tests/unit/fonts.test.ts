import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES, FONT_FILES, FONTS_CSS, fontsCss, subsetAll, unicodeRange } from '../../scripts/subset-fonts.ts';
import { WEB_FONTS_CLASS } from '../../src/lib/web-fonts.ts';

describe('unicodeRange', () => {
  it('joins consecutive code points into ranges and keeps lone ones', () => {
    expect(unicodeRange('cabé€x')).toBe('U+0061-0063, U+0078, U+00E9, U+20AC');
  });

  it('counts a character once', () => {
    expect(unicodeRange('aaa')).toBe('U+0061');
  });
});

describe('the committed fonts are what `npm run fonts` writes', async () => {
  const subsets = await subsetAll();

  // Under 14 KB, a file comes in the first round trip of a new connection.
  it.each(FONT_FILES.map(({ file }) => file))('%s: the subset of its Fontsource file, under 14 KB', async (file) => {
    const committed = await readFile(file);
    expect(committed.length).toBeLessThan(14 * 1024);
    expect(Buffer.compare(committed, subsets.get(file)!)).toBe(0);
  });

  it('fonts.css: each family with metric-matched fallbacks for Android, Windows, Apple and Linux', async () => {
    const css = await readFile(FONTS_CSS, 'utf8');
    expect(css).toBe(await fontsCss(subsets));
    const locals = [
      'Roboto Regular',
      'Segoe UI',
      'Helvetica Neue',
      'Arial',
      'Liberation Sans',
      'Noto Serif Regular',
      'Times New Roman',
      'Liberation Serif',
    ];
    // Semibold text (headings, labels, buttons) is drawn in a real bold face where the platform has one.
    const boldLocals = ['Arial Bold', 'Liberation Sans Bold', 'Times New Roman Bold', 'Liberation Serif Bold'];
    for (const local of [...locals, ...boldLocals]) expect(css).toContain(`local('${local}')`);
    expect(css.match(/size-adjust: [\d.]+%/g)).toHaveLength(locals.length + boldLocals.length);
  });

  it('a page names the web fonts only once they are cached (WEB_FONTS_CLASS), and never swaps faces once drawn', async () => {
    const css = await readFile(FONTS_CSS, 'utf8');
    const stacks = (selector: string) =>
      css
        .slice(css.indexOf(`${selector} {`))
        .match(/^\s*(--font-[a-z]+): (.*);$/gm)!
        .slice(0, FONT_FAMILIES.length)
        .map((line) => line.trim());
    const webFonts = FONT_FAMILIES.map((family) => family.name);
    for (const stack of stacks(':root'))
      for (const name of webFonts) expect(stack).not.toMatch(new RegExp(`: ${name},`));
    expect(stacks(`:root.${WEB_FONTS_CLASS}`)).toEqual(
      FONT_FAMILIES.map((family) => expect.stringMatching(new RegExp(`^${family.cssVariable}: ${family.name}, `))),
    );
    const webFaces = css.match(/@font-face \{\s+font-family: '[^']+';\s+src: url\([^)]*\)[^}]*\}/g)!;
    expect(webFaces).toHaveLength(FONT_FILES.length);
    for (const face of webFaces) expect(face).toContain('font-display: optional;');
  });
});
