import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localImagesOfBuild, rasterStore } from '../../../src/integrations/raster-store.ts';

let dir: string;
const url = (path: string) => pathToFileURL(`${join(dir, path)}/`);
const logged: string[] = [];
const logger = { info: (message: string) => logged.push(message) } as unknown as AstroIntegrationLogger;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'raster-store-'));
  logged.length = 0;
  for (const folder of ['store', 'cache/assets', 'dist/_astro']) await mkdir(join(dir, folder), { recursive: true });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The integration's hooks as Astro calls them in a build, the cache in <dir>/cache. */
async function build(made: Record<string, string>) {
  const { hooks } = rasterStore(url('store'));
  const config = { cacheDir: url('cache'), build: { assets: '_astro' } };
  await (hooks['astro:config:done'] as (options: unknown) => unknown)({ config });
  await (hooks['astro:build:start'] as (options: unknown) => Promise<void>)({ logger });
  // What Astro does between: an image it made goes into its cache and into the build.
  for (const [name, body] of Object.entries(made)) {
    await writeFile(join(dir, 'cache/assets', name), body);
    await writeFile(join(dir, 'dist/_astro', name), body);
  }
  await (hooks['astro:build:done'] as (options: unknown) => Promise<void>)({ dir: url('dist'), logger });
}

describe('rasterStore: the drawings’ WebP copies come from the repository, not from a new rasterising', () => {
  it('puts each stored copy into an empty cache before the build', async () => {
    await writeFile(join(dir, 'store/portico.Abc123_x1.webp'), 'stored');
    await build({});
    expect(await readFile(join(dir, 'cache/assets/portico.Abc123_x1.webp'), 'utf8')).toBe('stored');
    expect(logged[0]).toMatch(/^1 WebP copies/);
  });

  it('never replaces what the cache already holds', async () => {
    await writeFile(join(dir, 'store/portico.Abc123_x1.webp'), 'stored');
    await writeFile(join(dir, 'cache/assets/portico.Abc123_x1.webp'), 'cached');
    await build({});
    expect(await readFile(join(dir, 'cache/assets/portico.Abc123_x1.webp'), 'utf8')).toBe('cached');
    expect(logged).toEqual([]);
  });

  it('says when the build made copies the store does not hold', async () => {
    await build({ 'steps.Def456_y2.webp': 'new' });
    expect(logged.join('\n')).toMatch(/^1 WebP copies of the drawings are not in the store/);
  });

  it('builds without a store at all', async () => {
    await rm(join(dir, 'store'), { recursive: true });
    await build({});
    expect(await readdir(join(dir, 'cache/assets'))).toEqual([]);
  });
});

describe('localImagesOfBuild: the images a build made from the site’s own files', () => {
  it('are those in the build that the cache holds without the metadata of a remote image', async () => {
    for (const name of ['local.A1_b.webp', 'photo-1_c.webp', 'photo-1_c.webp.json', 'old.Z9_d.webp'])
      await writeFile(join(dir, 'cache/assets', name), '');
    for (const name of ['local.A1_b.webp', 'photo-1_c.webp', 'page.B2.js'])
      await writeFile(join(dir, 'dist/_astro', name), '');
    expect(await localImagesOfBuild(url('cache/assets'), url('dist/_astro'))).toEqual(['local.A1_b.webp']);
  });
});
