// Draws the site's illustrations as small SVG files (and the social share PNG)
// from the content data, so no stock imagery or network is needed, then
// stores the WebP copies the pages show of them (scripts/images/rasters.ts).
//
//   npx node scripts/generate-images.ts
//
// Output is deterministic: the same data always gives byte-identical files.
// Each data entry's `image` path (relative to its JSON file) says where its
// picture goes; the other images have fixed paths under src/assets. One
// kind of picture a file, in scripts/images/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Drawing } from './images/drawing.ts';
import { root } from './images/entries.ts';
import { drawFirmImages } from './images/firm-images.ts';
import { drawPartners } from './images/partners.ts';
import { drawPodcast } from './images/podcast.ts';
import { drawPracticeAreas } from './images/practice-areas.ts';
import { storeRasters } from './images/rasters.ts';
import { drawTeam } from './images/team.ts';

const drawings: Drawing[] = [
  ...drawPracticeAreas(),
  ...drawTeam(),
  ...drawPartners(),
  ...drawPodcast(),
  ...(await drawFirmImages()),
];
for (const { file, contents } of drawings) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, contents);
}

const largest = drawings
  .filter(({ file }) => file.endsWith('.svg'))
  .map(({ file, contents }) => ({ file, size: Buffer.byteLength(contents) }))
  .sort((a, b) => b.size - a.size)[0];
console.log(
  `Wrote ${drawings.length} images; largest SVG ${largest && relative(root, largest.file)} (${largest?.size} bytes).`,
);

await storeRasters();
