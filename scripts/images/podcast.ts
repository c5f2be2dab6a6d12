// Podcast covers: 800 × 800, one series look, a waveform unique to each
// episode. An episode's entry (src/content/podcast-episodes.json) names the file.
import { site } from '../../src/site.config.ts';
import { officeCities } from '../../src/lib/offices.ts';
import { readList, type Entry } from './entries.ts';
import {
  CREAM,
  type Drawing,
  esc,
  GOLD,
  GOLD_LIGHT,
  INK,
  INK_SOFT,
  n,
  random,
  SANS,
  SERIF,
  svgDoc,
  wrap,
} from './drawing.ts';

const COVER_GROUNDS = [INK, '#14283a', '#1a2a33', '#221f33', '#2a2320'];

export const drawPodcast = (): Drawing[] =>
  readList<Entry & { episode_no: number; title: string }>('podcast-episodes.json').map((episode) => {
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
    return {
      file: episode.imageFile,
      contents: svgDoc(800, 800, `Just Legal Podcast, episode ${episode.episode_no}: ${episode.title}`, body),
    };
  });
