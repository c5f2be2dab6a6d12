// No source file is longer than 400 lines: past that, a file usually holds two
// ideas, and the habit is one idea per file, named for what it holds. Sources
// are the .ts, .tsx, .astro, .mjs and .js files under src/, scripts/, netlify/
// and tests/, hand-written .d.ts included. Not sources, so not counted: what a
// build, a run or the package manager writes (SKIPPED_FOLDERS), and data and
// markup (.json, .svg, .md, .css), which no such extension matches. A file
// awaiting its split is listed in PENDING with why; the list may only shrink.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const MOST_LINES = 400;
const SOURCE_FOLDERS = ['src', 'scripts', 'netlify', 'tests'];
const SOURCE = /\.(?:ts|tsx|astro|mjs|js)$/;

/** Folders of generated files, wherever they are (fixtures build and serve too), with what writes them. */
const SKIPPED_FOLDERS: Record<string, string> = {
  node_modules: 'installed packages',
  dist: 'a build’s output',
  '.astro': 'the types and data store Astro generates',
  '.netlify': 'what the Netlify CLI and adapter generate (functions-serve, blobs-serve, v1)',
  generated: 'generated code, by convention',
};

/**
 * Files over the limit whose split belongs to another change, with why. Remove
 * an entry once its file is split: the test fails while a listed file is no
 * longer over the limit, or no longer exists.
 */
const PENDING: Record<string, string> = {};

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (name in SKIPPED_FOLDERS) return [];
    if (statSync(join(root, path)).isDirectory()) return sourcesUnder(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

function linesOf(path: string): number {
  const text = readFileSync(join(root, path), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const sources = SOURCE_FOLDERS.flatMap(sourcesUnder).map((path) => path.split('\\').join('/'));

describe('the size of source files', () => {
  it(`keeps every source file to ${MOST_LINES} lines, but those pending a split`, () => {
    const over = sources
      .filter((path) => !(path in PENDING))
      .map((path) => ({ path, lines: linesOf(path) }))
      .filter(({ lines }) => lines > MOST_LINES);
    expect(over).toEqual([]);
  });

  it.each(Object.keys(PENDING))('still has %s to split (else take it off the list)', (path) => {
    expect(sources).toContain(path);
    expect(linesOf(path)).toBeGreaterThan(MOST_LINES);
  });
});
