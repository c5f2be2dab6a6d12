// npm run fonts — writes the site's fonts from the Fontsource packages: a
// subset of each family (src/assets/fonts/) and their @font-face rules with
// metric-matched fallbacks (src/styles/fonts.css). Run it after changing the
// characters, the weights, the fallbacks or a Fontsource version;
// tests/unit/fonts.test.ts fails while the committed files differ from what
// this writes. Why one small file per weight, and how the fallbacks match:
// docs/architecture.md, "Web fonts".
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFontStack, type FontMetrics } from '@capsizecss/core';
import { fromBuffer } from '@capsizecss/unpack';
import subsetFont from 'subset-font';
import { WEB_FONT_FAMILIES, WEB_FONTS_CLASS } from '../src/lib/web-fonts.ts';
import systemFontMetrics from './fonts/system-font-metrics.json' with { type: 'json' };

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** Every character the subsets draw: printable ASCII, typographic punctuation, and the accented letters of names and loanwords. */
export const SUBSET_CHARACTERS =
  Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCodePoint(0x20 + index)).join('') +
  '\u00a0©®°·«»×‘’“”–—…•€™' +
  'áàâäãåçéèêëíìîïñóòôöõúùûüÁÀÂÄÇÉÈÊËÍÎÑÓÔÖÚÜ';

/**
 * The fallbacks' metrics: the system fonts the stacks fall back on, as
 * @capsizecss/metrics 4.3.0 (MIT) gives them, copied on 2026-11-29 so that
 * `npm ci` does not unpack its 29,000 files for six fonts whose metrics never change.
 */
const { arial, helveticaNeue, notoSerif, roboto, segoeUI, timesNewRoman } = systemFontMetrics as Record<
  keyof typeof systemFontMetrics,
  FontMetrics & { subsets: Record<string, { xWidthAvg: number }> }
>;

/** Liberation Sans and Serif are drawn to Arial's and Times New Roman's metrics. */
const liberationSans = {
  ...arial,
  familyName: 'Liberation Sans',
  fullName: 'Liberation Sans',
  postscriptName: 'LiberationSans',
};
const liberationSerif = {
  ...timesNewRoman,
  familyName: 'Liberation Serif',
  fullName: 'Liberation Serif',
  postscriptName: 'LiberationSerif',
};
/**
 * Arial Bold differs from the regular only in width: 983, measured with
 * @capsizecss/unpack from Liberation Sans Bold (drawn to Arial Bold's metrics;
 * the regular measures 913 so, Capsize's Arial figure).
 */
const arialBold = {
  ...arial,
  xWidthAvg: 983,
  subsets: { ...arial.subsets, latin: { xWidthAvg: 983 } },
  fullName: 'Arial Bold',
  postscriptName: 'Arial-BoldMT',
};
const liberationSansBold = {
  ...arialBold,
  familyName: 'Liberation Sans',
  fullName: 'Liberation Sans Bold',
  postscriptName: 'LiberationSans-Bold',
};
/** Times New Roman Bold differs from the regular only in width (Capsize's figures, as Astro's Fonts API holds them). */
const timesNewRomanBold = {
  ...timesNewRoman,
  xWidthAvg: 886,
  subsets: { ...timesNewRoman.subsets, latin: { xWidthAvg: 886 } },
  fullName: 'Times New Roman Bold',
  postscriptName: 'TimesNewRomanPS-BoldMT',
};
const liberationSerifBold = {
  ...timesNewRomanBold,
  familyName: 'Liberation Serif',
  fullName: 'Liberation Serif Bold',
  postscriptName: 'LiberationSerif-Bold',
};

export const FONT_FAMILIES = [
  {
    ...WEB_FONT_FAMILIES.sans,
    cssVariable: '--font-sans',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    fallbacks: [roboto, segoeUI, helveticaNeue, arial, liberationSans],
    // A visit's first page is drawn in these: its semibold labels and buttons in
    // a real bold face where the platform has one, not one drawn bold.
    boldFallbacks: [arialBold, liberationSansBold],
    generic: 'sans-serif',
  },
  {
    ...WEB_FONT_FAMILIES.serif,
    cssVariable: '--font-serif',
    source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    fallbacks: [notoSerif, timesNewRoman, liberationSerif],
    // Headings (600) are wider than a regular face drawn bold: where a real
    // bold face exists, it stands in for them, scaled to Fraunces 600.
    boldFallbacks: [timesNewRomanBold, liberationSerifBold],
    generic: 'serif',
  },
] as const;

export const FONTS_CSS = 'src/styles/fonts.css';
const FONTS_DIRECTORY = 'src/assets/fonts';

type Family = (typeof FONT_FAMILIES)[number];

/** Where one weight of a family is written, e.g. src/assets/fonts/inter-latin-400.woff2. */
export const fontFile = (family: Family, weight: number) =>
  `${FONTS_DIRECTORY}/${family.name.toLowerCase()}-latin-${weight}.woff2`;

/** Every file the site serves: each weight of each family. */
export const FONT_FILES = FONT_FAMILIES.flatMap((family) =>
  family.weights.map((weight) => ({ family, weight, file: fontFile(family, weight) })),
);

/** The CSS unicode-range of a set of characters, as ranges of consecutive code points. */
export function unicodeRange(characters: string): string {
  const points = [...new Set([...characters].map((character) => character.codePointAt(0)!))].sort((a, b) => a - b);
  const ranges: string[] = [];
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');
  for (let start = 0; start < points.length;) {
    let end = start;
    while (points[end + 1] === points[end]! + 1) end++;
    ranges.push(start === end ? `U+${hex(points[start]!)}` : `U+${hex(points[start]!)}-${hex(points[end]!)}`);
    start = end + 1;
  }
  return ranges.join(', ');
}

/** One weight of a family, subset from its Fontsource file, as the site serves it. */
export async function subsetWeight(family: Family, weight: number): Promise<Buffer> {
  return subsetFont(await readFile(require.resolve(family.source)), SUBSET_CHARACTERS, {
    targetFormat: 'woff2',
    variationAxes: { wght: weight },
    keepFeatures: ['kern'],
  });
}

/**
 * The stylesheet: each weight's @font-face, the family's fallbacks and its CSS
 * variable, which names the web font only under WEB_FONTS_CLASS
 * (src/lib/web-fonts.ts). There the font is already cached: `optional` keeps the
 * local face for the whole page in the rare case it is not ready at once (the
 * cache was cleared), rather than swapping faces under the reader.
 */
export async function fontsCss(subsets: ReadonlyMap<string, Buffer>): Promise<string> {
  const rules: string[] = [];
  const localStacks: string[] = [];
  const webStacks: string[] = [];
  for (const family of FONT_FAMILIES) {
    for (const weight of family.weights) {
      rules.push(
        `@font-face {\n  font-family: '${family.name}';\n  src: url('${relative(dirname(FONTS_CSS), fontFile(family, weight))}') format('woff2');\n` +
          `  font-weight: ${weight};\n  font-style: normal;\n  font-display: optional;\n  unicode-range: ${unicodeRange(SUBSET_CHARACTERS)};\n}`,
      );
    }
    const [regular, bold] = family.weights;
    const metricsOf = async (weight: number) => ({
      ...(await fromBuffer(subsets.get(fontFile(family, weight))!)),
      familyName: family.name,
    });
    const { fontFamily, fontFaces } = createFontStack([await metricsOf(regular), ...family.fallbacks], {
      fontFaceProperties: {
        fontDisplay: 'swap',
        ...(family.boldFallbacks.length ? { fontWeight: `${regular} 500` } : {}),
      },
    });
    rules.push(fontFaces.trim());
    if (family.boldFallbacks.length) {
      const boldStack = createFontStack([await metricsOf(bold), ...family.boldFallbacks], {
        fontFaceProperties: { fontDisplay: 'swap', fontWeight: `${bold} 700` },
      });
      rules.push(boldStack.fontFaces.trim());
    }
    // Capsize's stack also names each platform font itself after the scaled
    // faces. Those names only matter where local() fails, and cost much where
    // the font is missing: Chromium on Linux asks fontconfig for every missing
    // family, for every size and weight, during the first layout (halving the
    // style and layout time of a page once they were gone). The generic family
    // catches what no scaled face does.
    const [webFont, ...scaledFaces] = fontFamily.split(', ').slice(0, 1 + family.fallbacks.length);
    localStacks.push(`  ${family.cssVariable}: ${scaledFaces.join(', ')}, ${family.generic};`);
    webStacks.push(`  ${family.cssVariable}: ${[webFont, ...scaledFaces].join(', ')}, ${family.generic};`);
  }
  return (
    `/* Written by \`npm run fonts\` (scripts/subset-fonts.ts): edit that, not this. */\n\n${rules.join('\n\n')}\n\n` +
    `:root {\n${localStacks.join('\n')}\n}\n\n:root.${WEB_FONTS_CLASS} {\n${webStacks.join('\n')}\n}\n`
  );
}

/** Every weight's subset, by file. */
export async function subsetAll(): Promise<Map<string, Buffer>> {
  return new Map(
    await Promise.all(
      FONT_FILES.map(async ({ family, weight, file }) => [file, await subsetWeight(family, weight)] as const),
    ),
  );
}

if (import.meta.main) {
  const subsets = await subsetAll();
  for (const [file, subset] of subsets) {
    await writeFile(join(root, file), subset);
    console.log(`${file}: ${(subset.length / 1024).toFixed(1)} KB`);
  }
  await writeFile(join(root, FONTS_CSS), await fontsCss(subsets));
  console.log(`${FONTS_CSS} written`);
}
