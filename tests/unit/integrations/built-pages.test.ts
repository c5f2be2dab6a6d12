import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rewriteBuiltPages } from '../../../src/integrations/built-pages.ts';

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
