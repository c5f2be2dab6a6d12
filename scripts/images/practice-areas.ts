// Practice areas: 1200 × 800, one abstract motif each, on a shared ink ground.
// A practice area's entry (src/content/practice-areas/) names its file; its
// url_param picks its motif.
import { readFolder, type Entry } from './entries.ts';
import {
  CREAM,
  type Drawing,
  GOLD,
  GOLD_LIGHT,
  gridPattern,
  INK,
  INK_SOFT,
  n,
  polar,
  random,
  svgDoc,
} from './drawing.ts';

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

export const drawPracticeAreas = (): Drawing[] =>
  readFolder<Entry & { id: number; url_param: string; title: string }>('practice-areas').map((area) => {
    const motif = practiceMotifs[area.url_param];
    if (!motif) throw new Error(`No illustration defined for practice area ${area.url_param}`);
    return { file: area.imageFile, contents: svgDoc(1200, 800, `${area.title} illustration`, practiceFrame(motif())) };
  });
