import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtPageRewrites, rewriteBuiltPages } from '../../../src/integrations/built-pages.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'built-pages-'));
  await mkdir(join(dir, 'insight/a'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<p>one two</p>');
  await writeFile(join(dir, 'insight/a/index.html'), '<p>two</p>');
  await writeFile(join(dir, 'robots.txt'), 'one two');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const rename = (from: string, to: string) => ({ rewrite: (html: string) => html.replaceAll(from, to) });

describe('rewriteBuiltPages: the finished pages go through every rewrite in one pass', () => {
  it('gives each rewrite what the one before it wrote, and writes the result', async () => {
    await rewriteBuiltPages(pathToFileURL(`${dir}/`), [rename('one', 'three'), rename('three', '3')]);
    expect(await readFile(join(dir, 'index.html'), 'utf8')).toBe('<p>3 two</p>');
    expect(await readFile(join(dir, 'insight/a/index.html'), 'utf8')).toBe('<p>two</p>');
  });

  it('reports, for each rewrite, the pages it changed and the bytes it took off', async () => {
    const results = await rewriteBuiltPages(pathToFileURL(`${dir}/`), [rename('two', '2'), rename('one', 'eleven')]);
    expect(results).toEqual([
      { pages: 2, changed: 2, bytesSaved: 4 },
      { pages: 2, changed: 1, bytesSaved: -3 },
    ]);
  });

  it('leaves other files, and pages no rewrite changes, as they were', async () => {
    const before = await stat(join(dir, 'insight/a/index.html'));
    await rewriteBuiltPages(pathToFileURL(`${dir}/`), [rename('one', '1')]);
    expect(await readFile(join(dir, 'robots.txt'), 'utf8')).toBe('one two');
    expect((await stat(join(dir, 'insight/a/index.html'))).mtimeMs).toBe(before.mtimeMs);
  });
});

describe('builtPageRewrites: what only reads the pages runs while they are rewritten', () => {
  const logger = { fork: () => logger, info: () => {} } as unknown as AstroIntegrationLogger;
  const buildDone = (integration: ReturnType<typeof builtPageRewrites>) =>
    (integration.hooks['astro:build:done'] as (options: unknown) => Promise<void>)({
      dir: pathToFileURL(`${dir}/`),
      logger,
    });
  const rewrite = (from: string, to: string, report = () => {}) => ({ name: from, ...rename(from, to), report });

  it('sees every page whole, before or after its rewrite, and leaves no file of its own behind', async () => {
    const seen: string[] = [];
    const reader = {
      name: 'reader',
      read: async () => {
        for (let i = 0; i < 20; i++) seen.push(await readFile(join(dir, 'index.html'), 'utf8'));
      },
    };
    await buildDone(builtPageRewrites([rewrite('one', 'three')], [reader]));
    expect(new Set(seen).size).toBeLessThanOrEqual(2);
    for (const page of seen) expect(['<p>one two</p>', '<p>three two</p>']).toContain(page);
    expect((await readdir(dir, { recursive: true })).sort()).toEqual(
      ['index.html', 'insight', 'insight/a', 'insight/a/index.html', 'robots.txt'].sort(),
    );
  });

  it('fails the build when a rewrite does, once the readers have finished', async () => {
    let finished = false;
    const reader = {
      name: 'reader',
      read: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished = true;
      },
    };
    const failing = rewrite('one', '1', () => {
      throw new Error('no page has it');
    });
    await expect(buildDone(builtPageRewrites([failing], [reader]))).rejects.toThrow('no page has it');
    expect(finished).toBe(true);
  });
});
