// The firm's brand as the pages draw it, from `brand` and `name` in
// src/site.config.ts: the stylesheet of its colours (served to every page by
// src/integrations/brand-colours.ts), the letters of its mark, and the mark
// itself as the favicon (src/pages/favicon.svg.ts). Pure functions, so tests
// and scripts share them.
import type { BrandColours, HexColour } from '../site.config.ts';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** `goldStrong` → `--color-gold-strong`: the custom property a brand colour sets. */
export const cssVariable = (name: string): string =>
  `--color-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The colour, lower-cased; throws, naming the setting, unless it is written #rrggbb. */
function checkedColour(name: string, value: string): HexColour {
  if (!HEX_COLOUR.test(value)) {
    throw new Error(`src/site.config.ts: brand.colours.${name} must be a colour written #rrggbb, not "${value}"`);
  }
  return value.toLowerCase() as HexColour;
}

/**
 * `#a57c32` → `165 124 50`, for a translucent shade written `rgb(var(--color-gold-rgb) / 0.16)`.
 * (A color-mix() of the colour would do the same outside a gradient, but would make a
 * gradient through it blend in another colour space, so the shades use this.)
 */
const rgbChannels = (colour: HexColour): string =>
  [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16)).join(' ');

/**
 * The select boxes' chevron (src/islands/form/form.css), drawn in `colour`: an
 * SVG in a data URL, which cannot read the page's custom properties, so it is
 * made here with the colour written in.
 */
const selectChevron = (colour: HexColour): string =>
  `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='12' viewBox='0 0 12 12'%3E` +
  `%3Cpath d='M2.5 4.5 6 8l3.5-3.5' fill='none' stroke='${encodeURIComponent(colour)}' stroke-width='1.6'/%3E%3C/svg%3E")`;

/**
 * The stylesheet of the brand: one rule setting, on the root, a custom property per
 * colour (`--color-ink` …) and its channels (`--color-ink-rgb`, for translucent
 * shades), and `--select-chevron`, the select boxes' arrow in ink.
 */
export function brandStylesheet(colours: BrandColours): string {
  const checked = Object.entries(colours).map(([name, value]) => [name, checkedColour(name, value)] as const);
  const lines = checked.flatMap(([name, value]) => [
    `  ${cssVariable(name)}: ${value};`,
    `  ${cssVariable(name)}-rgb: ${rgbChannels(value)};`,
  ]);
  lines.push(`  --select-chevron: ${selectChevron(checkedColour('ink', colours.ink))};`);
  // ::backdrop too: older browsers give a dialog's backdrop nothing to inherit.
  return `:root,\n::backdrop {\n${lines.join('\n')}\n}\n`;
}

/** Whether a word of a name gives an initial: not a joining word written small ("and") nor a sign ("&"). */
const isInitialWord = (word: string) => /^\p{Lu}/u.test(word);

/**
 * The letters of the firm's mark: the initials of its name without the name's
 * last word, which says what the firm is ("Advocates", "LLP"), at most three.
 * "Muthoni, Nyongesa & Otieno Advocates" → "MNO"; "Baraza & Wekesa Advocates" →
 * "BW"; a one-word name gives its own initial.
 */
export function monogramOf(name: string): string {
  const words = name.split(/[\s,]+/).filter(isInitialWord);
  const named = words.length > 1 ? words.slice(0, -1) : words;
  return named
    .map((word) => word[0]!)
    .join('')
    .slice(0, 3)
    .toUpperCase();
}

/** The favicon: the mark's letters in `goldSoft` on an `ink` tile framed in `gold`. */
export function faviconSvg(colours: BrandColours, monogram: string): string {
  const fontSize = { 1: 30, 2: 24 }[monogram.length] ?? 21;
  const baseline = Math.round((32 + fontSize * 0.36) * 2) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${checkedColour('ink', colours.ink)}"/>` +
    `<rect x="4.5" y="4.5" width="55" height="55" rx="8.5" fill="none" stroke="${checkedColour('gold', colours.gold)}" stroke-width="1.5"/>` +
    `<text x="32" y="${baseline}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${fontSize}" font-weight="bold" letter-spacing="-0.5" fill="${checkedColour('goldSoft', colours.goldSoft)}">${escapeXml(monogram)}</text></svg>\n`
  );
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
