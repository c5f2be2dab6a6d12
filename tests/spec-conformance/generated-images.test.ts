// The drawings scripts/generate-images.ts made for this firm's content: one
// for each entry and no other, at the size each template draws, small, and
// showing what they must (an episode's number on its cover, logo 392 light
// enough for its black background); and the 1200 × 630 share image.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assetsDir, contentDir, practiceAreasDir, teamDir, written } from './firm-content.ts';

describe('generated images', () => {
  const svgsIn = (folder: string) =>
    readdirSync(resolve(assetsDir, folder))
      .filter((name) => name.endsWith('.svg'))
      .map((name) => ({ name, text: readFileSync(resolve(assetsDir, folder, name), 'utf8') }));
  const viewBox = (svg: string) => /viewBox="([^"]+)"/.exec(svg)?.[1];

  it.each([
    ['practice-areas', '0 0 1200 800', written.practiceAreas, practiceAreasDir],
    ['team', '0 0 600 750', written.team, teamDir],
    ['partners', '0 0 320 160', written.partners, contentDir],
    ['podcast', '0 0 800 800', written.podcastEpisodes, contentDir],
  ])('%s: one SVG for each entry and no other, drawn at %s, each under 20 KB', (folder, box, entries, jsonDir) => {
    const svgs = svgsIn(folder);
    expect(svgs.map((svg) => resolve(assetsDir, folder, svg.name)).sort()).toEqual(
      entries.map((entry) => resolve(jsonDir, entry.image)).sort(),
    );
    for (const svg of svgs) {
      expect(viewBox(svg.text), svg.name).toBe(box);
      expect(svg.text.length, svg.name).toBeLessThan(20_000);
    }
  });

  it('print the episode number and the podcast name on every cover', () => {
    for (const { name, text } of svgsIn('podcast')) {
      const episode = Number(/episode-(\d+)\.svg/.exec(name)?.[1]);
      expect(text).toContain(`EP ${String(episode).padStart(2, '0')}`);
      expect(text).toContain('Just Legal');
    }
  });

  it('draw logo 392 in light colours only, so it reads on black', () => {
    const file = written.partners.find((partner) => partner.id === 392)!.image;
    const svg = readFileSync(resolve(contentDir, file), 'utf8');
    const colours = new Set(
      [...svg.matchAll(/(?:fill|stroke)="(#[0-9a-f]{6})"/gi)].map((match) => match[1]!.toLowerCase()),
    );
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    expect(colours.size).toBeGreaterThan(0);
    for (const colour of colours) expect(luminance(colour), colour).toBeGreaterThan(0.6);
  });

  it('include a 1200 × 630 PNG share image', () => {
    const png = readFileSync(resolve(assetsDir, 'share/default.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(statSync(resolve(assetsDir, 'share/default.png')).size).toBeLessThan(300_000);
  });
});
