// Every repository path a comment or a document names exists: a file that
// moves takes its mentions with it. Paths are read from the comments of the
// sources and from the README and docs/, as `src/…`, `scripts/…`, `tests/…`,
// `docs/…` or `netlify/…`; those with a placeholder (`<form>`, `[lang]`, `*`,
// `{a,b}`) stand for many files and are left out, as are fixtures and what a
// build or a run makes.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_FOLDERS = ['src', 'scripts', 'tests', 'netlify', 'docs'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'fixtures', 'dist', '.astro', '.netlify']);
const TEXT = /\.(?:ts|tsx|astro|mjs|md|css)$/;
const PATH = /(?<![\w./@-])((?:src|scripts|tests|docs|netlify)\/[^\s`'"(),;:|]*)/g;

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (SKIPPED_FOLDERS.has(name)) return [];
    if (statSync(join(root, path)).isDirectory()) return filesUnder(path);
    return TEXT.test(name) ? [path] : [];
  });
}

/** The text in which a file names paths: a document whole, a source file's comments. */
function mentionsIn(file: string): string {
  const text = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.md')) return text;
  return [...text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((match) => match[0]).join('\n');
}

const named = (text: string) =>
  [...text.matchAll(PATH)]
    .map((match) => match[1]!.replace(/[.]+$/, ''))
    // A path with any other character holds a placeholder and stands for many files.
    .filter((path) => /^[\w./-]+$/.test(path) && !path.endsWith('/results'));

const documents = ['README.md', ...filesUnder('docs').filter((file) => file.endsWith('.md'))];
const sources = SOURCE_FOLDERS.filter((folder) => folder !== 'docs').flatMap(filesUnder);

describe('the repository paths that comments and documents name', () => {
  it.each([...documents, ...sources].map((file) => [relative(root, join(root, file))]))(
    '%s names only paths that exist',
    (file) => {
      const missing = named(mentionsIn(file)).filter((path) => !existsSync(join(root, path)));
      expect(missing).toEqual([]);
    },
  );
});
