// What every drawing is made of: the firm's colours and two font stacks,
// numbers and text as SVG writes them, a repeatable random source, a few
// shapes several drawings share, and the SVG document around a drawing.
import { site } from '../../src/site.config.ts';

// The firm's colours (`brand.colours` in src/site.config.ts), as the pages use them.
export const {
  ink: INK,
  inkSoft: INK_SOFT,
  gold: GOLD,
  goldSoft: GOLD_SOFT,
  cream: CREAM,
  line: LINE,
} = site.brand.colours;
/** A light gold of the drawings' own, a touch deeper than the pages' `goldLight`. */
export const GOLD_LIGHT = '#d4b06a';
export const SERIF = "Georgia, 'Times New Roman', serif";
export const SANS = 'Helvetica, Arial, sans-serif';

/** Rounds to one decimal so the files stay small. */
export const n = (value: number) => String(Math.round(value * 10) / 10);

export const esc = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small seeded random generator (mulberry32), so drawings are repeatable. */
export const random = (seedText: string) => {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const svgDoc = (width: number, height: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">` +
  `<title>${esc(label)}</title>${body}</svg>\n`;

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();

/** Splits text into lines of at most `max` characters, breaking at spaces. */
export const wrap = (value: string, max: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
};

/** A faint square grid, used behind several illustrations. */
export const gridPattern = (id: string, size: number, color: string, opacity: number) =>
  `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse">` +
  `<path d="M${size} 0H0V${size}" fill="none" stroke="${color}" stroke-opacity="${opacity}"/></pattern>`;

export const polar = (cx: number, cy: number, r: number, degrees: number): [number, number] => {
  const radians = (degrees * Math.PI) / 180;
  return [cx + r * Math.cos(radians), cy + r * Math.sin(radians)];
};

/** A finished image and the file it goes to. */
export interface Drawing {
  file: string;
  contents: string | Buffer;
}
