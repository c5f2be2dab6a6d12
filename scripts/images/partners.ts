// Partner logos: 320 × 160 wordmarks, a mark per sector, on a transparent
// ground. A partner's entry (src/content/partners.json) names the file.
import { readList, type Entry } from './entries.ts';
import { CREAM, type Drawing, esc, GOLD, GOLD_LIGHT, initials, n, polar, SANS, SERIF, svgDoc } from './drawing.ts';

const LOGO_COLOURS = [
  '#1f4e5f',
  '#7a2e2e',
  '#2f5d3a',
  '#8a5a14',
  '#3b3b6d',
  '#5b2a4e',
  '#0f4c81',
  '#6d4c41',
  '#2c6e63',
  '#9c4221',
  '#33475b',
  '#4a5d23',
];

type MarkDrawer = (colour: string, accent: string, letter: string) => string;

// Each mark is drawn in a 64 × 64 box centred on the origin.
const MARKS: Record<string, MarkDrawer> = {
  coins: (c, a) =>
    `<g fill="none" stroke-width="4"><ellipse cx="0" cy="-14" rx="26" ry="9" stroke="${a}"/><path d="M-26 -14v10a26 9 0 0 0 52 0v-10M-26 4v10a26 9 0 0 0 52 0v-10M-26 -4a26 9 0 0 0 52 0" stroke="${c}"/></g>`,
  rings: (c, a) =>
    `<circle r="28" fill="none" stroke="${c}" stroke-width="5"/><circle r="16" fill="none" stroke="${a}" stroke-width="5"/><circle r="5" fill="${c}"/>`,
  gear: (c, a) => {
    let teeth = '';
    for (let d = 0; d < 360; d += 45)
      teeth += `<rect x="-6" y="-32" width="12" height="14" rx="2" transform="rotate(${d})"/>`;
    return `<g fill="${c}">${teeth}</g><circle r="22" fill="${c}"/><circle r="9" fill="${a}"/>`;
  },
  hexagon: (c, a) =>
    `<path d="M0 -30L26 -15V15L0 30L-26 15V-15Z" fill="none" stroke="${c}" stroke-width="5"/><path d="M0 -14L12 -7V7L0 14L-12 7V-7Z" fill="${a}"/>`,
  shield: (c, a, l) =>
    `<path d="M0 -31L26 -21V2C26 18 14 27 0 32C-14 27 -26 18 -26 2V-21Z" fill="${c}"/><path d="M0 -25L20 -17V2C20 14 11 21 0 25C-11 21 -20 14 -20 2V-17Z" fill="none" stroke="${a}" stroke-width="1.5"/><text y="9" text-anchor="middle" font-family="${SERIF}" font-size="24" font-weight="bold" fill="${CREAM}">${l}</text>`,
  cross: (c, a) =>
    `<rect x="-28" y="-28" width="56" height="56" rx="14" fill="${c}"/><path d="M-6 -18h12v12h12v12h-12v12h-12v-12h-12v-12h12Z" fill="${a}"/>`,
  leaf: (c, a) =>
    `<path d="M-24 24C-24 -10 0 -28 28 -28C28 4 8 24 -24 24Z" fill="${c}"/><path d="M-24 24L14 -14" stroke="${a}" stroke-width="3"/>`,
  community: (c, a) =>
    `<g fill="none" stroke-width="4"><circle cx="-11" cy="-8" r="16" stroke="${c}"/><circle cx="11" cy="-8" r="16" stroke="${a}"/><circle cx="0" cy="11" r="16" stroke="${c}"/></g>`,
  hands: (c, a) =>
    `<path d="M-28 6C-16 -2 -6 -2 0 6C6 -2 16 -2 28 6L0 30Z" fill="${c}"/><circle cy="-16" r="11" fill="${a}"/>`,
  columns: (c, a) =>
    `<path d="M-30 -14L0 -30L30 -14Z" fill="${c}"/><g fill="${a}"><rect x="-24" y="-10" width="8" height="30"/><rect x="-4" y="-10" width="8" height="30"/><rect x="16" y="-10" width="8" height="30"/></g><rect x="-30" y="22" width="60" height="7" fill="${c}"/>`,
  roof: (c, a) =>
    `<path d="M-30 0L0 -28L30 0" fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round"/><rect x="-20" y="0" width="40" height="28" fill="${c}"/><rect x="-6" y="10" width="12" height="18" fill="${a}"/>`,
  blocks: (c, a) =>
    `<rect x="-28" y="-6" width="16" height="34" fill="${a}"/><rect x="-8" y="-30" width="18" height="58" fill="${c}"/><rect x="14" y="-16" width="14" height="44" fill="${a}"/>`,
  sun: (c, a) => {
    let rays = '';
    for (let d = 180; d <= 360; d += 30) {
      const [x1, y1] = polar(0, 6, 20, d);
      const [x2, y2] = polar(0, 6, 30, d);
      rays += `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"/>`;
    }
    return `<g stroke="${a}" stroke-width="4" stroke-linecap="round">${rays}</g><path d="M-15 6A15 15 0 0 1 15 6Z" fill="${c}"/><path d="M-30 16q7.5 -6 15 0t15 0t15 0t15 0" fill="none" stroke="${c}" stroke-width="4"/>`;
  },
  key: (c, a) =>
    `<circle cx="-12" cy="0" r="16" fill="none" stroke="${c}" stroke-width="6"/><path d="M4 0H30M20 0V12M28 0V9" stroke="${a}" stroke-width="6"/>`,
  nodes: (c, a) =>
    `<g stroke="${c}" stroke-width="3"><line x1="-20" y1="-18" x2="20" y2="-18"/><line x1="-20" y1="-18" x2="0" y2="18"/><line x1="20" y1="-18" x2="0" y2="18"/></g><circle cx="-20" cy="-18" r="8" fill="${c}"/><circle cx="20" cy="-18" r="8" fill="${a}"/><circle cx="0" cy="18" r="8" fill="${c}"/>`,
  chevrons: (c, a) =>
    `<path d="M-26 -22L-4 0L-26 22" fill="none" stroke="${c}" stroke-width="8" stroke-linejoin="round"/><path d="M2 -22L24 0L2 22" fill="none" stroke="${a}" stroke-width="8" stroke-linejoin="round"/>`,
  signal: (c, a) =>
    `<circle cx="-18" cy="18" r="6" fill="${a}"/><g fill="none" stroke="${c}" stroke-width="5" stroke-linecap="round"><path d="M-18 0A18 18 0 0 1 0 18"/><path d="M-18 -16A34 34 0 0 1 16 18"/></g>`,
  book: (c, a) =>
    `<path d="M0 -18C-10 -26 -22 -26 -30 -22V24C-22 20 -10 20 0 28Z" fill="${c}"/><path d="M0 -18C10 -26 22 -26 30 -22V24C22 20 10 20 0 28Z" fill="${a}"/>`,
  torch: (c, a) =>
    `<path d="M0 -30C12 -18 8 -8 0 -4C-8 -8 -12 -18 0 -30Z" fill="${a}"/><path d="M-12 0h24l-8 30h-8Z" fill="${c}"/>`,
  lotus: (c, a) =>
    `<path d="M0 -26C10 -12 10 6 0 18C-10 6 -10 -12 0 -26Z" fill="${c}"/><path d="M-4 18C-22 14 -30 0 -28 -12C-14 -8 -6 4 -4 18ZM4 18C22 14 30 0 28 -12C14 -8 6 4 4 18Z" fill="${a}"/>`,
  drop: (c, a) =>
    `<path d="M0 -30C14 -12 22 0 22 10A22 22 0 0 1 -22 10C-22 0 -14 -12 0 -30Z" fill="${c}"/><path d="M-10 8A10 10 0 0 0 0 20" fill="none" stroke="${a}" stroke-width="4" stroke-linecap="round"/>`,
  wave: (c, a) =>
    `<path d="M-30 -10q7.5 -10 15 0t15 0t15 0t15 0" fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round"/><path d="M-30 10q7.5 -10 15 0t15 0t15 0t15 0" fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round"/>`,
  monogramCircle: (c, a, l) =>
    `<circle r="30" fill="${c}"/><circle r="25" fill="none" stroke="${a}" stroke-width="1.5"/><text y="10" text-anchor="middle" font-family="${SERIF}" font-size="27" fill="${CREAM}">${l}</text>`,
  acacia: (c, a) =>
    `<path d="M-30 -12C-18 -24 18 -24 30 -12C18 -8 -18 -8 -30 -12Z" fill="${c}"/><path d="M0 28V-6M0 4L-14 -8M0 0L12 -8" fill="none" stroke="${c}" stroke-width="4" stroke-linecap="round"/><line x1="-30" y1="28" x2="30" y2="28" stroke="${a}" stroke-width="4"/>`,
  cube: (c, a) =>
    `<path d="M0 -30L26 -15L0 0L-26 -15Z" fill="${a}"/><path d="M-26 -15L0 0V30L-26 15Z" fill="${c}"/><path d="M26 -15L0 0V30L26 15Z" fill="${c}" fill-opacity="0.7"/>`,
  arch: (c, a) =>
    `<path d="M-24 30V-4A24 24 0 0 1 24 -4V30" fill="none" stroke="${c}" stroke-width="6"/><path d="M-12 30V0A12 12 0 0 1 12 0V30Z" fill="${a}"/>`,
  facade: (c, a) =>
    `<rect x="-26" y="-30" width="52" height="60" fill="${c}"/><g fill="${a}"><rect x="-18" y="-22" width="14" height="14"/><rect x="4" y="-22" width="14" height="14"/><rect x="-18" y="-2" width="14" height="14"/><rect x="4" y="-2" width="14" height="14"/></g><rect x="-6" y="18" width="12" height="12" fill="${CREAM}"/>`,
  monogramDiamond: (c, a, l) =>
    `<rect x="-22" y="-22" width="44" height="44" transform="rotate(45)" fill="none" stroke="${c}" stroke-width="4"/><text y="9" text-anchor="middle" font-family="${SANS}" font-size="24" font-weight="bold" fill="${c}">${l}</text><circle cy="-31" r="4" fill="${a}"/>`,
};

const SECTOR_MARKS: Record<string, string[]> = {
  finance: ['coins', 'rings', 'monogramCircle', 'hexagon', 'acacia'],
  manufacturing: ['gear', 'cube', 'leaf', 'blocks'],
  security: ['shield', 'key', 'monogramDiamond'],
  health: ['cross', 'leaf', 'drop', 'monogramCircle'],
  NGO: ['community', 'hands', 'drop', 'leaf'],
  government: ['columns', 'monogramCircle', 'wave'],
  realestate: ['roof', 'blocks', 'monogramDiamond'],
  'real-estate': ['facade', 'roof'],
  Hospitality: ['sun', 'arch', 'wave', 'monogramCircle'],
  fintech: ['nodes', 'chevrons', 'signal', 'rings'],
  School: ['book', 'torch', 'monogramDiamond'],
  Beauty: ['lotus', 'drop'],
};

export const drawPartners = (): Drawing[] => {
  const seen: Record<string, number> = {};
  return readList<Entry & { id: number; name: string; sector: string }>('partners.json').map((partner, index) => {
    const nth = (seen[partner.sector] = (seen[partner.sector] ?? -1) + 1);
    const marks = SECTOR_MARKS[partner.sector];
    if (!marks) throw new Error(`No logo marks for sector ${partner.sector}`);
    const markName = marks[nth % marks.length]!;
    const light = partner.id === 392;
    const colour = light ? CREAM : LOGO_COLOURS[(index * 5) % LOGO_COLOURS.length]!;
    const accent = light ? GOLD_LIGHT : [GOLD, '#c2873a', '#6f8f8a', '#b5654a'][index % 4]!;
    const letter = esc(initials(partner.name).slice(0, 2));
    const upper = index % 3 === 0;
    const font = index % 2 ? SERIF : SANS;
    const label = upper ? partner.name.toUpperCase() : partner.name;
    const stacked = index % 4 === 3;
    const words = label.split(' ');
    const lines =
      label.length > (stacked ? 24 : 14) && words.length > 1
        ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')]
        : [label];
    const longest = Math.max(...lines.map((line) => line.length));
    // Size the wordmark from a rough per-character width so it fits its box.
    const available = stacked ? 280 : 190;
    const spacing = upper ? ' letter-spacing="1.5"' : '';
    const size = Math.min(
      upper ? 20 : 24,
      (available - (upper ? longest * 1.5 : 0)) / (longest * (upper ? 0.7 : 0.54)),
    );
    const weight = font === SANS && !upper ? ' font-weight="bold"' : '';
    const mark = MARKS[markName]!(colour, accent, letter);
    let body: string;
    if (stacked) {
      const top = lines.length === 1 ? 122 : 112;
      const text = lines
        .map((line, i) => `<text x="160" y="${n(top + i * size * 1.15)}" text-anchor="middle">${esc(line)}</text>`)
        .join('');
      body = `<g transform="translate(160 58) scale(0.9)">${mark}</g><g font-family="${font}" font-size="${n(size)}" fill="${colour}"${spacing}${weight}>${text}</g>`;
    } else {
      const lineHeight = size * 1.15;
      const first = 80 + size * 0.35 - ((lines.length - 1) * lineHeight) / 2;
      const text = lines
        .map((line, i) => `<text x="116" y="${n(first + i * lineHeight)}">${esc(line)}</text>`)
        .join('');
      body = `<g transform="translate(70 80)">${mark}</g><line x1="104" y1="52" x2="104" y2="108" stroke="${accent}" stroke-opacity="0.6"/><g font-family="${font}" font-size="${n(size)}" fill="${colour}"${spacing}${weight}>${text}</g>`;
    }
    return { file: partner.imageFile, contents: svgDoc(320, 160, `${partner.name} logo`, body) };
  });
};
