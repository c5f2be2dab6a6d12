// Team portraits: 600 × 750 monograms over a bust silhouette, one tint each.
// A member's entry (src/content/team/) names the file.
import { readFolder, type Entry } from './entries.ts';
import { CREAM, type Drawing, esc, GOLD, initials, INK, SERIF, svgDoc } from './drawing.ts';

const PORTRAIT_TINTS = [
  '#1d3247',
  '#2e4a4f',
  '#5a3e36',
  '#3f4a3a',
  '#453a52',
  '#34495e',
  '#6b4f2e',
  '#2f3d56',
  '#4d3b3b',
  '#38505a',
];

export const drawTeam = (): Drawing[] =>
  readFolder<Entry & { id: number; name: string; position: string }>('team').map((member, index) => {
    const tint = PORTRAIT_TINTS[index % PORTRAIT_TINTS.length]!;
    const body =
      `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint}"/><stop offset="1" stop-color="${INK}"/></linearGradient>` +
      `<radialGradient id="light" cx="0.5" cy="0.32" r="0.55"><stop offset="0" stop-color="${CREAM}" stop-opacity="0.16"/><stop offset="1" stop-color="${CREAM}" stop-opacity="0"/></radialGradient>` +
      `<linearGradient id="bust" gradientUnits="userSpaceOnUse" x1="0" y1="190" x2="0" y2="750"><stop offset="0.25" stop-color="${CREAM}" stop-opacity="0.14"/><stop offset="1" stop-color="${CREAM}" stop-opacity="0.02"/></linearGradient></defs>` +
      `<rect width="600" height="750" fill="url(#bg)"/><rect width="600" height="750" fill="url(#light)"/>` +
      `<path d="M90 750V300A210 210 0 0 1 510 300V750" fill="none" stroke="${GOLD}" stroke-opacity="0.45" stroke-width="2"/>` +
      `<path d="M110 750V304A190 190 0 0 1 490 304V750" fill="none" stroke="${GOLD}" stroke-opacity="0.2"/>` +
      `<g fill="url(#bust)"><ellipse cx="300" cy="300" rx="86" ry="106"/><path d="M268 400h64l6 52c86 14 150 58 168 150l14 148H16l14-148c18-92 82-136 168-150l6-52Z"/></g>` +
      `<line x1="250" y1="592" x2="350" y2="592" stroke="${GOLD}" stroke-width="2"/>` +
      `<text x="300" y="680" text-anchor="middle" font-family="${SERIF}" font-size="84" letter-spacing="10" fill="${CREAM}">${esc(initials(member.name))}</text>`;
    return {
      file: member.imageFile,
      contents: svgDoc(600, 750, `Portrait monogram of ${member.name}, ${member.position}`, body),
    };
  });
