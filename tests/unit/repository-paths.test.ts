// Every repository path a comment or a document names exists: a file that
// moves takes its mentions with it. Paths are read from the comments of the
// sources and from README.md, CONTRIBUTING.md and docs/, as `src/…`,
// `scripts/…`, `tests/…`, `docs/…` or `netlify/…`; those with a placeholder
// (`<form>`, `[lang]`, `*`, `{a,b}`) stand for many files and are left out, as
// are fixtures and what a build or a run makes. A section named after a
// document (`docs/requirements.md#contact-form`, or a link in a document) must
// be one of its headings, so a renamed heading takes its mentions with it too.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_FOLDERS = ['src', 'scripts', 'tests', 'netlify', 'docs'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'fixtures', 'dist', '.astro', '.netlify']);
const TEXT = /\.(?:ts|tsx|astro|mjs|md|css)$/;
const PATH = /(?<![\w./@-])((?:src|scripts|tests|docs|netlify)\/[^\s`'"(),;:|]*)/g;
/** A Markdown link's target: `[words](target)`. */
const LINK = /\]\(([^)\s]+)\)/g;

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

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
const slug = (heading: string) =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a Markdown file's headings (outside code blocks), a repeated one numbered as GitHub does. */
function anchorsOf(path: string): Set<string> {
  const seen = new Map<string, number>();
  const text = readFileSync(join(root, path), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set(
    [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => {
      const base = slug(match[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      return count ? `${base}-${count}` : base;
    }),
  );
}

/** What is wrong with a mention of `target` (a path from the root, maybe with `#section`), if anything. */
function problem(target: string): string | undefined {
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  if (!existsSync(join(root, path))) return target;
  if (anchor && path.endsWith('.md') && !anchorsOf(path).has(anchor)) return `${target} (no such heading)`;
  return undefined;
}

const named = (text: string) =>
  [...text.matchAll(PATH)]
    .map((match) => match[1]!.replace(/[.]+$/, ''))
    // A path with any other character holds a placeholder and stands for many files.
    .filter((path) => /^[\w./-]+(?:#[\w-]+)?$/.test(path) && !path.endsWith('/results'));

/** A document's links to files of the repository (and to its own sections), as paths from the root. */
const linked = (file: string, text: string) =>
  [...text.matchAll(LINK)]
    .map((match) => match[1]!)
    // Another site's address, or a target with a placeholder (`{phoneHref}`), is not a repository path.
    .filter((target) => !/^[a-z]+:/i.test(target) && /^[\w./#-]+$/.test(target))
    .map((target) => {
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const resolved = path ? normalize(join(dirname(file), path)) : file;
      return anchor === undefined ? resolved : `${resolved}#${anchor}`;
    });

const documents = ['README.md', 'CONTRIBUTING.md', ...filesUnder('docs').filter((file) => file.endsWith('.md'))];
const sources = SOURCE_FOLDERS.filter((folder) => folder !== 'docs').flatMap(filesUnder);

describe('the repository paths that comments and documents name', () => {
  it.each([...documents, ...sources].map((file) => [relative(root, join(root, file))]))(
    '%s names only paths that exist',
    (file) => {
      const text = mentionsIn(file);
      const mentions = [...named(text), ...(file.endsWith('.md') ? linked(file, text) : [])];
      expect(mentions.flatMap((target) => problem(target) ?? [])).toEqual([]);
    },
  );
});
