// The firm's own pictures at fixed paths under src/assets: the About page's
// heroes, Who We Are's arcade and steps, the careers success picture, and the
// social share image (a PNG, as every social site reads it).
import { resolve } from 'node:path';
import sharp from 'sharp';
import { monogramOf } from '../../src/lib/brand.ts';
import { officeCities } from '../../src/lib/offices.ts';
import { site } from '../../src/site.config.ts';
import { assetsDir } from './entries.ts';
import {
  CREAM,
  type Drawing,
  esc,
  GOLD,
  GOLD_LIGHT,
  GOLD_SOFT,
  INK,
  INK_SOFT,
  LINE,
  n,
  random,
  SANS,
  SERIF,
  svgDoc,
  wrap,
} from './drawing.ts';

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

export const drawFirmImages = async (): Promise<Drawing[]> => {
  const share = shareImage();
  return [
    {
      file: resolve(assetsDir, 'about/hero-nairobi-skyline.svg'),
      contents: svgDoc(1200, 800, 'Line drawing of the Nairobi skyline with the KICC tower', nairobiSkyline()),
    },
    {
      file: resolve(assetsDir, 'about/hero-portico.svg'),
      contents: svgDoc(800, 800, 'Classical portico with six columns', portico()),
    },
    {
      file: resolve(assetsDir, 'about/hero-scales.svg'),
      contents: svgDoc(800, 800, 'The scales of justice in gold on navy', scales()),
    },
    {
      file: resolve(assetsDir, 'who-we-are/arcade.svg'),
      contents: svgDoc(800, 1000, 'A corridor of arches receding towards the light', arcade()),
    },
    {
      file: resolve(assetsDir, 'who-we-are/steps.svg'),
      contents: svgDoc(800, 1000, 'Steps rising to a lit doorway', steps()),
    },
    {
      file: resolve(assetsDir, 'careers/application-success.svg'),
      contents: svgDoc(600, 480, 'An application document with a gold seal of approval', applicationSuccess()),
    },
    {
      file: resolve(assetsDir, 'share/default.png'),
      contents: await sharp(Buffer.from(share)).png({ compressionLevel: 9 }).toBuffer(),
    },
    // The favicon is drawn at build from the same colours: src/pages/favicon.svg.ts.
  ];
};
