// Draws the site's illustrations as small SVG files (and the social share PNG)
// from the content data, so no stock imagery or network is needed.
//
//   npx node scripts/generate-images.ts
//
// Output is deterministic: the same data always gives byte-identical files.
// Each data entry's `image` path (relative to its JSON file) says where its
// picture goes; the other images have fixed paths under src/assets.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { monogramOf } from '../src/lib/brand.ts';
import { officeCities } from '../src/lib/offices.ts';
import { site } from '../src/site.config.ts';
import { readEntryFolder } from './lib/entry-folders.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = resolve(root, 'src/content');
const assetsDir = resolve(root, 'src/assets');

// The firm's colours (`brand.colours` in src/site.config.ts), as the pages use them.
const { ink: INK, inkSoft: INK_SOFT, gold: GOLD, goldSoft: GOLD_SOFT, cream: CREAM, line: LINE } = site.brand.colours;
/** A light gold of the drawings' own, a touch deeper than the pages' `goldLight`. */
const GOLD_LIGHT = '#d4b06a';
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = 'Helvetica, Arial, sans-serif';

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** Rounds to one decimal so the files stay small. */
const n = (value: number) => String(Math.round(value * 10) / 10);

const esc = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small seeded random generator (mulberry32), so drawings are repeatable. */
const random = (seedText: string) => {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const svgDoc = (width: number, height: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">` +
  `<title>${esc(label)}</title>${body}</svg>\n`;

const written: string[] = [];
const write = (path: string, contents: string | Buffer) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, contents);
  written.push(path);
};

interface Entry {
  image: string;
  [key: string]: unknown;
}
/** The entry, with the absolute path of its image, which `image` gives relative to the JSON file. */
const withImageFile = <T extends Entry>(entry: T, jsonFile: string) => ({
  ...entry,
  imageFile: resolve(dirname(jsonFile), entry.image),
});

/** A collection kept as one JSON array, src/content/<file>. */
const readList = <T extends Entry>(file: string) => {
  const path = resolve(contentDir, file);
  return (JSON.parse(readFileSync(path, 'utf8')) as T[]).map((entry) => withImageFile(entry, path));
};

/** A collection kept as one JSON file per entry in src/content/<folder>, in id order as the site lists it. */
const readFolder = <T extends Entry & { id: number }>(folder: string) =>
  readEntryFolder<T>(resolve(contentDir, folder)).map(({ file, entry }) => withImageFile(entry, file));

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();

/** Splits text into lines of at most `max` characters, breaking at spaces. */
const wrap = (value: string, max: number): string[] => {
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
const gridPattern = (id: string, size: number, color: string, opacity: number) =>
  `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse">` +
  `<path d="M${size} 0H0V${size}" fill="none" stroke="${color}" stroke-opacity="${opacity}"/></pattern>`;

const polar = (cx: number, cy: number, r: number, degrees: number): [number, number] => {
  const radians = (degrees * Math.PI) / 180;
  return [cx + r * Math.cos(radians), cy + r * Math.sin(radians)];
};

// ---------------------------------------------------------------------------
// Practice areas: 1200 × 800, one abstract motif each, on a shared ink ground.
// ---------------------------------------------------------------------------

const practiceFrame = (motif: string) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${INK}"/><stop offset="1" stop-color="${INK_SOFT}"/></linearGradient>` +
  `<radialGradient id="glow" cx="0.72" cy="0.3" r="0.6"><stop offset="0" stop-color="${GOLD}" stop-opacity="0.22"/><stop offset="1" stop-color="${GOLD}" stop-opacity="0"/></radialGradient>` +
  `${gridPattern('grid', 40, CREAM, 0.045)}</defs>` +
  `<rect width="1200" height="800" fill="url(#bg)"/><rect width="1200" height="800" fill="url(#grid)"/><rect width="1200" height="800" fill="url(#glow)"/>` +
  motif +
  `<rect x="40" y="40" width="1120" height="720" fill="none" stroke="${GOLD}" stroke-opacity="0.35"/>`;

const practiceMotifs: Record<string, () => string> = {
  // Generations: a family tree rising from one root, over arcs of continuity.
  'transgenerational-estate-planning': () => {
    let out = '';
    for (let i = 0; i < 6; i++) {
      out += `<circle cx="600" cy="900" r="${220 + i * 90}" fill="none" stroke="${GOLD}" stroke-opacity="${n(0.4 - i * 0.05)}" stroke-width="1.5"/>`;
    }
    const tiers = [
      { y: 640, count: 1, r: 20 },
      { y: 500, count: 2, r: 15 },
      { y: 370, count: 4, r: 12 },
      { y: 250, count: 8, r: 9 },
    ];
    const xs = (count: number) =>
      Array.from({ length: count }, (_, i) => 600 + (i - (count - 1) / 2) * (760 / Math.max(count, 1.6)));
    let lines = '';
    let nodes = '';
    tiers.forEach((tier, t) => {
      const here = xs(tier.count);
      if (t > 0) {
        const below = xs(tiers[t - 1]!.count);
        const yb = tiers[t - 1]!.y;
        here.forEach((x, i) => {
          const px = below[Math.floor(i / 2)]!;
          const my = (yb + tier.y) / 2;
          lines += `<path d="M${n(px)} ${yb}C${n(px)} ${n(my)} ${n(x)} ${n(my)} ${n(x)} ${tier.y}"/>`;
        });
      }
      here.forEach((x) => {
        nodes += `<circle cx="${n(x)}" cy="${tier.y}" r="${tier.r}" fill="${t === 0 ? GOLD : INK}" stroke="${t === 0 ? GOLD_LIGHT : CREAM}" stroke-width="2" stroke-opacity="${n(1 - t * 0.18)}"/>`;
      });
    });
    return `${out}<g fill="none" stroke="${GOLD_LIGHT}" stroke-width="2.5" stroke-opacity="0.8">${lines}</g>${nodes}<line x1="140" y1="700" x2="1060" y2="700" stroke="${CREAM}" stroke-opacity="0.25"/>`;
  },

  // Commerce: a skyline of towers with a rising line of growth.
  'commercial-and-corporate-law': () => {
    const rand = random('corporate');
    let towers = '';
    let x = 150;
    const tops: Array<[number, number]> = [];
    for (let i = 0; i < 9; i++) {
      const w = 70 + Math.round(rand() * 40);
      const h = 170 + Math.round(rand() * 300) + i * 12;
      const y = 690 - h;
      const filled = i % 3 === 1;
      towers += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${filled ? GOLD : CREAM}" fill-opacity="${filled ? 0.16 : 0.04}" stroke="${CREAM}" stroke-opacity="0.55" stroke-width="1.5"/>`;
      for (let wy = y + 24; wy < 670; wy += 28) {
        towers += `<line x1="${x + 12}" y1="${wy}" x2="${x + w - 12}" y2="${wy}"/>`;
      }
      tops.push([x + w / 2, y]);
      x += w + 18;
    }
    // A steady, not spectacular, rise across the skyline.
    const points = tops.map(([tx], i): [number, number] => [tx, 560 - i * 52 - rand() * 26]);
    const path = points.map(([px, py], i) => `${i ? 'L' : 'M'}${n(px)} ${n(py)}`).join('');
    const dots = points.map(([px, py]) => `<circle cx="${n(px)}" cy="${n(py)}" r="6" fill="${GOLD}"/>`).join('');
    return `<g stroke="${CREAM}" stroke-opacity="0.14">${towers}</g><line x1="110" y1="690" x2="1090" y2="690" stroke="${GOLD}" stroke-width="2"/><path d="${path}" fill="none" stroke="${GOLD_LIGHT}" stroke-width="3"/>${dots}`;
  },

  // People at work: rows of figures in an arc, one in gold, over a level beam.
  'employment-law': () => {
    let people = '';
    const rows = [
      { y: 300, count: 7, s: 0.8, o: 0.35 },
      { y: 430, count: 8, s: 0.95, o: 0.55 },
      { y: 570, count: 9, s: 1.1, o: 0.85 },
    ];
    rows.forEach((row, r) => {
      for (let i = 0; i < row.count; i++) {
        const x = 600 + (i - (row.count - 1) / 2) * 105 * row.s;
        const lift = Math.abs(i - (row.count - 1) / 2) * 10;
        const y = row.y + lift;
        const gold = r === 2 && i === 4;
        const colour = gold ? GOLD : CREAM;
        const op = gold ? 1 : row.o * 0.6;
        const s = row.s;
        people += `<circle cx="${n(x)}" cy="${n(y - 34 * s)}" r="${n(17 * s)}" fill="${colour}" fill-opacity="${n(op)}"/>`;
        people += `<path d="M${n(x - 34 * s)} ${n(y + 40 * s)}V${n(y + 14 * s)}a${n(34 * s)} ${n(28 * s)} 0 0 1 ${n(68 * s)} 0V${n(y + 40 * s)}Z" fill="${colour}" fill-opacity="${n(op)}"/>`;
      }
    });
    return `${people}<line x1="180" y1="690" x2="1020" y2="690" stroke="${GOLD}" stroke-width="3"/><path d="M600 690l-24 36h48z" fill="${GOLD}"/><circle cx="180" cy="690" r="7" fill="${GOLD}"/><circle cx="1020" cy="690" r="7" fill="${GOLD}"/>`;
  },

  // Movement across borders: a globe with meridians and a dashed route arriving.
  'immigration-law': () => {
    const cx = 780;
    const cy = 410;
    const r = 250;
    let globe = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${CREAM}" fill-opacity="0.04" stroke="${CREAM}" stroke-opacity="0.6" stroke-width="2"/>`;
    for (const rx of [60, 130, 195]) globe += `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${r}" fill="none"/>`;
    for (const dy of [-170, -90, 0, 90, 170]) {
      const half = Math.sqrt(r * r - dy * dy);
      globe += `<ellipse cx="${cx}" cy="${cy + dy}" rx="${n(half)}" ry="${n(half * 0.12)}" fill="none"/>`;
    }
    let stamps = '';
    [
      [170, 170, -12],
      [250, 560, 9],
      [980, 640, -6],
    ].forEach(([x, y, a]) => {
      stamps += `<g transform="translate(${x} ${y}) rotate(${a})"><rect x="-70" y="-44" width="140" height="88" rx="10" fill="none" stroke="${GOLD}" stroke-opacity="0.55" stroke-width="2"/><rect x="-58" y="-32" width="116" height="64" rx="6" fill="none" stroke="${GOLD}" stroke-opacity="0.3"/><line x1="-40" y1="0" x2="40" y2="0" stroke="${GOLD}" stroke-opacity="0.45" stroke-width="2"/></g>`;
    });
    const route = `<path d="M150 660C330 300 560 180 700 300" fill="none" stroke="${GOLD_LIGHT}" stroke-width="3" stroke-dasharray="2 14" stroke-linecap="round"/><circle cx="150" cy="660" r="9" fill="${GOLD}"/><circle cx="700" cy="300" r="12" fill="none" stroke="${GOLD_LIGHT}" stroke-width="3"/><circle cx="700" cy="300" r="5" fill="${GOLD_LIGHT}"/>`;
    return `${stamps}<g stroke="${CREAM}" stroke-opacity="0.22" stroke-width="1.5">${globe}</g>${route}`;
  },

  // Review: stacked documents, ticked lines and a magnifying lens.
  'legal-audit-and-compliance': () => {
    let docs = '';
    [
      [-8, 0.25],
      [-3, 0.45],
      [2, 1],
    ].forEach(([angle, op], i) => {
      const last = i === 2;
      let inner = `<rect x="-170" y="-230" width="340" height="460" rx="14" fill="${last ? INK_SOFT : INK}" stroke="${CREAM}" stroke-opacity="${op}" stroke-width="2"/>`;
      if (last) {
        for (let l = 0; l < 7; l++) {
          const y = -150 + l * 52;
          const ticked = l < 5;
          inner += `<rect x="-130" y="${y - 13}" width="26" height="26" rx="5" fill="none" stroke="${GOLD}" stroke-width="2"/>`;
          if (ticked)
            inner += `<path d="M-124 ${y}l7 8 13-16" fill="none" stroke="${GOLD_LIGHT}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
          inner += `<line x1="-86" y1="${y}" x2="${l % 2 ? 80 : 130}" y2="${y}" stroke="${CREAM}" stroke-opacity="0.45" stroke-width="6" stroke-linecap="round"/>`;
        }
        inner += `<line x1="-130" y1="-196" x2="40" y2="-196" stroke="${GOLD}" stroke-width="8" stroke-linecap="round"/>`;
      }
      docs += `<g transform="translate(${480 + i * 10} 400) rotate(${angle})">${inner}</g>`;
    });
    const lens = `<circle cx="730" cy="470" r="120" fill="${GOLD}" fill-opacity="0.08" stroke="${GOLD}" stroke-width="14"/><circle cx="730" cy="470" r="96" fill="none" stroke="${GOLD_LIGHT}" stroke-opacity="0.4" stroke-width="2"/><line x1="818" y1="558" x2="930" y2="670" stroke="${GOLD}" stroke-width="26" stroke-linecap="round"/>`;
    return docs + lens;
  },

  // Land: a survey plan of parcels with beacons, one plot and its house in gold.
  'conveyance-and-real-estate': () => {
    let contours = '';
    for (let i = 0; i < 7; i++) {
      contours += `<path d="M40 ${170 + i * 90}C300 ${100 + i * 90} 520 ${260 + i * 80} 800 ${180 + i * 90}S1100 ${140 + i * 95} 1160 ${200 + i * 90}"/>`;
    }
    const parcels = [
      'M160 180L430 150L460 360L190 400Z',
      'M430 150L700 170L690 380L460 360Z',
      'M700 170L1010 140L1040 350L690 380Z',
      'M190 400L460 360L480 620L170 640Z',
      'M690 380L1040 350L1020 640L710 620Z',
    ]
      .map((d) => `<path d="${d}"/>`)
      .join('');
    const plot: Array<[number, number]> = [
      [460, 360],
      [690, 380],
      [710, 620],
      [480, 620],
    ];
    const plotPath = `M${plot.map(([x, y]) => `${x} ${y}`).join('L')}Z`;
    const beacons = plot
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${INK}" stroke="${GOLD_LIGHT}" stroke-width="3"/>`)
      .join('');
    const house = `<path d="M530 560V480L590 430L650 480V560Z" fill="none" stroke="${GOLD_LIGHT}" stroke-width="3" stroke-linejoin="round"/><rect x="575" y="510" width="30" height="50" fill="${GOLD_LIGHT}" fill-opacity="0.6"/>`;
    const north = `<g transform="translate(1060 640)" fill="none" stroke="${CREAM}" stroke-opacity="0.6" stroke-width="2"><circle r="34"/><path d="M0 -26L10 14L0 6L-10 14Z" fill="${GOLD}" stroke="none"/></g>`;
    return `<g fill="none" stroke="${CREAM}" stroke-opacity="0.07" stroke-width="2">${contours}</g><g fill="${CREAM}" fill-opacity="0.03" stroke="${CREAM}" stroke-opacity="0.45" stroke-width="2" stroke-dasharray="10 6">${parcels}</g><path d="${plotPath}" fill="${GOLD}" fill-opacity="0.18" stroke="${GOLD}" stroke-width="3"/>${beacons}${house}${north}`;
  },

  // Two positions meeting: overlapping circles behind a balanced scale.
  'dispute-resolution': () => {
    const circles = `<circle cx="470" cy="400" r="250" fill="${CREAM}" fill-opacity="0.035" stroke="${CREAM}" stroke-opacity="0.3" stroke-width="2"/><circle cx="730" cy="400" r="250" fill="${CREAM}" fill-opacity="0.035" stroke="${CREAM}" stroke-opacity="0.3" stroke-width="2"/><path d="M600 187.9A250 250 0 0 1 600 612.1A250 250 0 0 1 600 187.9Z" fill="${GOLD}" fill-opacity="0.14"/>`;
    const pan = (x: number) =>
      `<line x1="${x}" y1="260" x2="${x - 70}" y2="450"/><line x1="${x}" y1="260" x2="${x + 70}" y2="450"/><path d="M${x - 90} 450h180a90 40 0 0 1 -180 0Z" fill="${GOLD}" fill-opacity="0.25"/>`;
    const scale = `<g stroke="${GOLD_LIGHT}" stroke-width="3" fill="none">${pan(390)}${pan(810)}<line x1="390" y1="260" x2="810" y2="260" stroke-width="6"/><line x1="600" y1="200" x2="600" y2="640" stroke-width="8"/><path d="M520 660h160l-30 -20h-100Z" fill="${GOLD}"/></g><circle cx="600" cy="200" r="16" fill="${GOLD}"/>`;
    return circles + scale;
  },

  // Finance: a vault door beside tranches of a structured pool.
  'banking-and-securitization': () => {
    const cx = 790;
    const cy = 400;
    let vault = '';
    [230, 200, 150, 92].forEach((r, i) => {
      vault += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i === 0 ? INK : 'none'}" fill-opacity="0.6" stroke="${i % 2 ? GOLD : CREAM}" stroke-opacity="${i % 2 ? 0.9 : 0.45}" stroke-width="${i === 1 ? 6 : 2}"/>`;
    });
    for (let a = 0; a < 360; a += 15) {
      const [x1, y1] = polar(cx, cy, 206, a);
      const [x2, y2] = polar(cx, cy, 222, a);
      vault += `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${GOLD}" stroke-width="3"/>`;
    }
    for (let a = 0; a < 360; a += 60) {
      const [x1, y1] = polar(cx, cy, 30, a);
      const [x2, y2] = polar(cx, cy, 140, a);
      vault += `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${GOLD_LIGHT}" stroke-width="8" stroke-linecap="round"/>`;
    }
    vault += `<circle cx="${cx}" cy="${cy}" r="30" fill="${GOLD}"/>`;
    let tranches = '';
    const widths = [300, 250, 200, 150, 100];
    widths.forEach((w, i) => {
      const y = 580 - i * 76;
      tranches += `<rect x="${330 - w / 2}" y="${y}" width="${w}" height="56" rx="6" fill="${GOLD}" fill-opacity="${n(0.18 + i * 0.17)}" stroke="${GOLD_LIGHT}" stroke-opacity="0.7"/>`;
    });
    return `${tranches}<line x1="140" y1="656" x2="520" y2="656" stroke="${CREAM}" stroke-opacity="0.4" stroke-width="2"/>${vault}`;
  },
};

const drawPracticeAreas = () => {
  for (const area of readFolder<Entry & { id: number; url_param: string; title: string }>('practice-areas')) {
    const motif = practiceMotifs[area.url_param];
    if (!motif) throw new Error(`No illustration defined for practice area ${area.url_param}`);
    write(area.imageFile, svgDoc(1200, 800, `${area.title} illustration`, practiceFrame(motif())));
  }
};

// ---------------------------------------------------------------------------
// Team portraits: 600 × 750 monograms over a bust silhouette, one tint each.
// ---------------------------------------------------------------------------

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

const drawTeam = () => {
  readFolder<Entry & { id: number; name: string; position: string }>('team').forEach((member, index) => {
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
    write(member.imageFile, svgDoc(600, 750, `Portrait monogram of ${member.name}, ${member.position}`, body));
  });
};

// ---------------------------------------------------------------------------
// Partner logos: 320 × 160 wordmarks, a mark per sector, on a transparent ground.
// ---------------------------------------------------------------------------

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

const drawPartners = () => {
  const seen: Record<string, number> = {};
  readList<Entry & { id: number; name: string; sector: string }>('partners.json').forEach((partner, index) => {
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
    write(partner.imageFile, svgDoc(320, 160, `${partner.name} logo`, body));
  });
};

// ---------------------------------------------------------------------------
// Podcast covers: 800 × 800, one series look, a waveform unique to each episode.
// ---------------------------------------------------------------------------

const COVER_GROUNDS = [INK, '#14283a', '#1a2a33', '#221f33', '#2a2320'];

const drawPodcast = () => {
  for (const episode of readList<Entry & { episode_no: number; title: string }>('podcast-episodes.json')) {
    const rand = random(`episode-${episode.episode_no}`);
    const ground = COVER_GROUNDS[episode.episode_no % COVER_GROUNDS.length]!;
    const label = `EP ${String(episode.episode_no).padStart(2, '0')}`;
    let bars = '';
    for (let i = 0; i < 56; i++) {
      const envelope = Math.sin((i / 55) * Math.PI);
      const h = 8 + Math.round((20 + rand() * 100) * (0.35 + 0.65 * envelope));
      bars += `<rect x="${64 + i * 12}" y="${370 - h / 2}" width="6" height="${h}" rx="3" fill-opacity="${n(0.35 + rand() * 0.65)}"/>`;
    }
    let rings = '';
    for (let i = 0; i < 5; i++)
      rings += `<circle cx="640" cy="170" r="${60 + i * 42}" fill="none" stroke="${GOLD}" stroke-opacity="${n(0.6 - i * 0.1)}"/>`;
    const title = wrap(episode.title, 44)
      .slice(0, 3)
      .map((line, i) => `<text x="64" y="${628 + i * 36}">${esc(line)}</text>`)
      .join('');
    const body =
      `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${ground}"/><stop offset="1" stop-color="${INK_SOFT}"/></linearGradient></defs>` +
      `<rect width="800" height="800" fill="url(#bg)"/>${rings}` +
      `<text x="64" y="128" font-family="${SERIF}" font-size="68" fill="${CREAM}">Just Legal</text>` +
      `<text x="66" y="172" font-family="${SANS}" font-size="22" letter-spacing="10" fill="${GOLD_LIGHT}">PODCAST</text>` +
      `<g fill="${GOLD}">${bars}</g>` +
      `<text x="60" y="572" font-family="${SERIF}" font-size="104" fill="${GOLD_LIGHT}">${label}</text>` +
      `<g font-family="${SANS}" font-size="26" fill="${CREAM}">${title}</g>` +
      `<line x1="64" y1="736" x2="736" y2="736" stroke="${GOLD}" stroke-opacity="0.6"/>` +
      `<text x="64" y="764" font-family="${SANS}" font-size="15" letter-spacing="3" fill="${CREAM}" fill-opacity="0.75">${esc(site.shortName.toUpperCase())}</text>` +
      `<text x="736" y="764" text-anchor="end" font-family="${SANS}" font-size="15" letter-spacing="3" fill="${CREAM}" fill-opacity="0.75">${esc(officeCities.join(' · ').toUpperCase())}</text>`;
    write(
      episode.imageFile,
      svgDoc(800, 800, `Just Legal Podcast, episode ${episode.episode_no}: ${episode.title}`, body),
    );
  }
};

// ---------------------------------------------------------------------------
// About page hero, Who We Are and careers images.
// ---------------------------------------------------------------------------

/** Nairobi skyline in line art: KICC, towers and the city's ridgeline, under a low sun. */
const nairobiSkyline = () => {
  const ground = 640;
  const rand = random('skyline');
  let blocks = '';
  let x = 60;
  while (x < 1140) {
    const w = 40 + Math.round(rand() * 50);
    const h = 70 + Math.round(rand() * 110);
    if (x < 470 || x > 730) blocks += `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}"/>`;
    x += w + 6;
  }
  const windows = (bx: number, by: number, bw: number, bh: number, step: number) => {
    let out = '';
    for (let y = by + step; y < bh + by - 6; y += step)
      out += `<line x1="${bx + 8}" y1="${y}" x2="${bx + bw - 8}" y2="${y}"/>`;
    return out;
  };
  // KICC: a cylindrical tower with a flared crown and the conical hall beside it.
  const kicc =
    `<path d="M560 ${ground}V250h80V${ground}"/><path d="M548 250h104l-10 -26h-84Z"/><line x1="600" y1="224" x2="600" y2="186"/>` +
    `<g stroke-opacity="0.45">${[575, 590, 610, 625].map((lx) => `<line x1="${lx}" y1="262" x2="${lx}" y2="${ground}"/>`).join('')}</g>` +
    `<path d="M640 ${ground}L690 520h40l50 ${ground - 520}"/><ellipse cx="710" cy="520" rx="20" ry="5"/>`;
  // A tall prism tower with a sloped crown, and two slab towers.
  const towers =
    `<path d="M800 ${ground}V230L850 190V${ground}"/><path d="M850 190L880 230V${ground}"/>${windows(800, 230, 80, ground - 230, 22)}` +
    `<rect x="440" y="300" width="90" height="${ground - 300}"/>${windows(440, 300, 90, ground - 300, 20)}` +
    `<rect x="905" y="360" width="70" height="${ground - 360}"/>${windows(905, 360, 70, ground - 360, 18)}` +
    `<path d="M350 ${ground}V380l40 -20l40 20V${ground}"/>`;
  return (
    `<rect width="1200" height="800" fill="${CREAM}"/><circle cx="760" cy="330" r="170" fill="${GOLD_SOFT}"/>` +
    `<path d="M0 560C180 520 300 545 420 520S700 500 820 525S1080 500 1200 540V${ground}H0Z" fill="${LINE}" fill-opacity="0.6"/>` +
    `<g fill="${CREAM}" stroke="${INK}" stroke-opacity="0.35" stroke-width="1.5">${blocks}</g>` +
    `<g fill="${CREAM}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round">${kicc}${towers}</g>` +
    `<line x1="40" y1="${ground}" x2="1160" y2="${ground}" stroke="${INK}" stroke-width="3"/>` +
    `<g stroke="${GOLD}" stroke-width="2">${[0, 1, 2, 3].map((i) => `<line x1="${120 + i * 20}" y1="${ground + 40 + i * 22}" x2="${1080 - i * 20}" y2="${ground + 40 + i * 22}" stroke-opacity="${n(0.7 - i * 0.15)}"/>`).join('')}</g>`
  );
};

/** A classical portico: pediment, entablature, fluted columns and steps. */
const portico = () => {
  let columns = '';
  for (let i = 0; i < 6; i++) {
    const x = 150 + i * 100;
    columns += `<rect x="${x}" y="330" width="50" height="300" fill="${CREAM}"/><rect x="${x - 8}" y="318" width="66" height="14"/><rect x="${x - 8}" y="628" width="66" height="14"/>`;
    columns += `<g stroke-opacity="0.35">${[12, 25, 38].map((f) => `<line x1="${x + f}" y1="340" x2="${x + f}" y2="620"/>`).join('')}</g>`;
  }
  let steps = '';
  for (let i = 0; i < 4; i++)
    steps += `<rect x="${110 - i * 20}" y="${642 + i * 22}" width="${580 + i * 40}" height="22"/>`;
  return (
    `<rect width="800" height="800" fill="${GOLD_SOFT}"/><circle cx="400" cy="250" r="230" fill="${CREAM}"/>` +
    `<g fill="${CREAM}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round">` +
    `<path d="M100 250L400 110L700 250Z"/><path d="M150 238L400 128L650 238Z" fill="none" stroke-opacity="0.4"/><circle cx="400" cy="200" r="22" fill="none" stroke="${GOLD}"/>` +
    `<rect x="100" y="250" width="600" height="30"/><rect x="115" y="280" width="570" height="38"/>${columns}${steps}</g>` +
    `<line x1="40" y1="752" x2="760" y2="752" stroke="${GOLD}" stroke-width="2"/>`
  );
};

/** The scales of justice in gold line on ink, within concentric rings. */
const scales = () => {
  let rings = '';
  for (let i = 0; i < 5; i++)
    rings += `<circle cx="400" cy="400" r="${150 + i * 60}" fill="none" stroke="${GOLD}" stroke-opacity="${n(0.4 - i * 0.07)}"/>`;
  const pan = (x: number, y: number) =>
    `<line x1="${x}" y1="${y}" x2="${x - 62}" y2="${y + 170}"/><line x1="${x}" y1="${y}" x2="${x + 62}" y2="${y + 170}"/><path d="M${x - 80} ${y + 170}h160a80 34 0 0 1 -160 0Z" fill="${GOLD}" fill-opacity="0.3"/>`;
  return (
    `<rect width="800" height="800" fill="${INK}"/>${rings}` +
    `<g stroke="${GOLD_LIGHT}" stroke-width="3" fill="none" stroke-linecap="round">${pan(200, 270)}${pan(600, 250)}` +
    `<line x1="200" y1="270" x2="600" y2="250" stroke-width="6"/><line x1="400" y1="190" x2="400" y2="620" stroke-width="9"/>` +
    `<path d="M320 650h160l-36 -30h-88Z" fill="${GOLD}"/></g><circle cx="400" cy="190" r="18" fill="${GOLD}"/><circle cx="400" cy="260" r="8" fill="${INK}" stroke="${GOLD_LIGHT}" stroke-width="3"/>`
  );
};

/** A receding arcade of arches, in perspective, lit from the far end. */
const arcade = () => {
  let arches = '';
  for (let i = 0; i < 7; i++) {
    const scale = Math.pow(0.78, i);
    const w = 560 * scale;
    const h = 820 * scale;
    const x = 400 - w / 2;
    const bottom = 900 - (900 - 560) * (1 - scale);
    const top = bottom - h;
    arches += `<path d="M${n(x)} ${n(bottom)}V${n(top + w / 2)}A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(x + w)} ${n(top + w / 2)}V${n(bottom)}" stroke-opacity="${n(0.95 - i * 0.1)}" stroke-width="${n(3 * scale + 1)}"/>`;
  }
  let floor = '';
  for (let i = -4; i <= 4; i++) floor += `<line x1="400" y1="560" x2="${400 + i * 140}" y2="1000"/>`;
  return (
    `<defs><radialGradient id="far" cx="0.5" cy="0.52" r="0.3"><stop offset="0" stop-color="${GOLD_SOFT}" stop-opacity="0.85"/><stop offset="1" stop-color="${GOLD_SOFT}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="800" height="1000" fill="${INK}"/><rect width="800" height="1000" fill="url(#far)"/>` +
    `<g stroke="${GOLD}" stroke-opacity="0.25">${floor}</g><g fill="none" stroke="${GOLD_LIGHT}">${arches}</g>`
  );
};

/** A flight of steps rising to a lit doorway. */
const steps = () => {
  let flight = '';
  for (let i = 0; i < 10; i++) {
    const y = 980 - i * 46;
    const inset = i * 22;
    flight += `<path d="M${60 + inset} ${y}H${740 - inset}V${y - 46}H${60 + inset}Z" fill="${i % 2 ? CREAM : GOLD_SOFT}"/>`;
  }
  return (
    `<rect width="800" height="1000" fill="${CREAM}"/><rect x="180" y="60" width="440" height="470" fill="${GOLD_SOFT}"/>` +
    `<path d="M300 520V250A100 100 0 0 1 500 250V520Z" fill="${INK}"/><path d="M330 520V258A70 70 0 0 1 470 258V520Z" fill="${GOLD}" fill-opacity="0.85"/>` +
    `<g stroke="${INK}" stroke-width="2">${flight}</g>` +
    `<g stroke="${INK}" stroke-width="2.5" fill="none"><rect x="180" y="60" width="440" height="470"/><line x1="160" y1="60" x2="640" y2="60"/></g>`
  );
};

/** Application received: a document, a gold seal with a tick, and a few quiet flourishes. */
const applicationSuccess = () => {
  let lines = '';
  for (let i = 0; i < 6; i++)
    lines += `<line x1="200" y1="${150 + i * 34}" x2="${i % 2 ? 350 : 390}" y2="${150 + i * 34}"/>`;
  let sparks = '';
  for (const [x, y, a] of [
    [110, 120, -30],
    [500, 90, 20],
    [520, 300, 60],
    [90, 330, -70],
  ] as const) {
    sparks += `<line x1="${x}" y1="${y}" x2="${n(x + 24 * Math.cos((a * Math.PI) / 180))}" y2="${n(y + 24 * Math.sin((a * Math.PI) / 180))}"/>`;
  }
  return (
    `<rect width="600" height="480" fill="${CREAM}"/><circle cx="300" cy="240" r="200" fill="${GOLD_SOFT}"/>` +
    `<rect x="170" y="90" width="250" height="320" rx="14" fill="#ffffff" stroke="${INK}" stroke-width="3"/>` +
    `<line x1="200" y1="120" x2="300" y2="120" stroke="${GOLD}" stroke-width="8" stroke-linecap="round"/>` +
    `<g stroke="${INK}" stroke-opacity="0.3" stroke-width="8" stroke-linecap="round">${lines}</g>` +
    `<circle cx="410" cy="340" r="62" fill="${GOLD}"/><circle cx="410" cy="340" r="50" fill="none" stroke="${GOLD_SOFT}" stroke-width="2"/>` +
    `<path d="M383 341l18 19 34-38" fill="none" stroke="${CREAM}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<g stroke="${GOLD}" stroke-width="4" stroke-linecap="round">${sparks}</g>`
  );
};

/** The firm's monogram (its initials, as the logo has them): serif letters in a gold ring, on the share image. */
const monogram = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${GOLD}" stroke-width="${n(r / 30)}"/><circle cx="${cx}" cy="${cy}" r="${n(r * 0.88)}" fill="none" stroke="${GOLD}" stroke-opacity="0.5" stroke-width="${n(r / 90)}"/>` +
  `<text x="${cx}" y="${n(cy + r * 0.2)}" text-anchor="middle" font-family="${SERIF}" font-size="${n(r * 0.58)}" letter-spacing="${n(r * 0.03)}" fill="${GOLD_SOFT}">${esc(monogramOf(site.name))}</text>`;

const shareImage = () => {
  let rings = '';
  for (let i = 0; i < 6; i++)
    rings += `<circle cx="1040" cy="315" r="${120 + i * 70}" fill="none" stroke="${GOLD}" stroke-opacity="${n(0.35 - i * 0.05)}"/>`;
  const [first, ...rest] = site.name.split(' & ');
  const nameLines = rest.length ? [`${first} &`, rest.join(' & ')] : [site.name];
  const tagline = wrap(site.tagline, 52)
    .map((line, i) => `<text x="90" y="${408 + i * 36}">${esc(line)}</text>`)
    .join('');
  return svgDoc(
    1200,
    630,
    `${site.name}: ${site.tagline}`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${INK}"/><stop offset="1" stop-color="${INK_SOFT}"/></linearGradient></defs>` +
      `<rect width="1200" height="630" fill="url(#bg)"/>${rings}${monogram(1040, 315, 110)}` +
      `<line x1="90" y1="140" x2="190" y2="140" stroke="${GOLD}" stroke-width="3"/>` +
      `<g font-family="${SERIF}" font-size="58" fill="${CREAM}">${nameLines.map((line, i) => `<text x="90" y="${232 + i * 72}">${esc(line)}</text>`).join('')}</g>` +
      `<g font-family="${SANS}" font-size="26" fill="${GOLD_SOFT}" fill-opacity="0.85">${tagline}</g>` +
      `<text x="90" y="540" font-family="${SANS}" font-size="18" letter-spacing="4" fill="${GOLD_LIGHT}">${esc(officeCities.join(' · ').toUpperCase())} · SINCE ${site.foundedYear}</text>`,
  );
};

const drawFirmImages = async () => {
  write(
    resolve(assetsDir, 'about/hero-nairobi-skyline.svg'),
    svgDoc(1200, 800, 'Line drawing of the Nairobi skyline with the KICC tower', nairobiSkyline()),
  );
  write(
    resolve(assetsDir, 'about/hero-portico.svg'),
    svgDoc(800, 800, 'Classical portico with six columns', portico()),
  );
  write(
    resolve(assetsDir, 'about/hero-scales.svg'),
    svgDoc(800, 800, 'The scales of justice in gold on navy', scales()),
  );
  write(
    resolve(assetsDir, 'who-we-are/arcade.svg'),
    svgDoc(800, 1000, 'A corridor of arches receding towards the light', arcade()),
  );
  write(resolve(assetsDir, 'who-we-are/steps.svg'), svgDoc(800, 1000, 'Steps rising to a lit doorway', steps()));
  write(
    resolve(assetsDir, 'careers/application-success.svg'),
    svgDoc(600, 480, 'An application document with a gold seal of approval', applicationSuccess()),
  );
  const share = shareImage();
  const png = await sharp(Buffer.from(share)).png({ compressionLevel: 9 }).toBuffer();
  write(resolve(assetsDir, 'share/default.png'), png);
  // The favicon is drawn at build from the same colours: src/pages/favicon.svg.ts.
};

drawPracticeAreas();
drawTeam();
drawPartners();
drawPodcast();
await drawFirmImages();

const largest = written
  .filter((path) => path.endsWith('.svg'))
  .map((path) => ({ path, size: readFileSync(path).length }))
  .sort((a, b) => b.size - a.size)[0];
console.log(
  `Wrote ${written.length} images; largest SVG ${largest?.path.replace(root + '/', '')} (${largest?.size} bytes).`,
);
