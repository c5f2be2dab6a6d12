// The HTML pages of a finished build, rewritten by the integrations that change
// built pages (src/integrations/after-load-script.ts, page-csp.ts) in one pass:
// each page is read and written once, however many rewrites it goes through —
// with thousands of articles, a pass of its own for each cost seconds of disk.
// What only reads the pages (the search index, pagefind.ts) runs meanwhile, on
// the other core: a page is replaced whole, never seen half-written.
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { forEachConcurrently } from '../lib/concurrency.ts';

/** Pages read or written at once: enough to keep the disk busy while a page is rewritten. */
const PAGES_IN_FLIGHT = 16;

export interface RewriteResult {
  /** HTML files in the build. */
  pages: number;
  /** Pages this rewrite changed. */
  changed: number;
  /** Bytes this rewrite took off every page together. */
  bytesSaved: number;
}

/** One rewrite of every built page, and what it reports once all are written. */
export interface PageRewrite {
  /** Names its log lines, as an integration of its own would be. */
  name: string;
  rewrite(html: string): string;
  /** May throw, to fail the build. */
  report(result: RewriteResult, logger: AstroIntegrationLogger): void;
}

/**
 * Work that reads the finished pages while they are rewritten. It may see a
 * page before or after its rewrites, so it must read nothing they change.
 */
export interface PageReader {
  /** Names its log lines. */
  name: string;
  read(outputDirectory: URL, logger: AstroIntegrationLogger): Promise<void>;
}

/** Replaces `file` at once: a reader sees the old page or the new one (the name is not *.html while it is written). */
async function replaceFile(file: string, contents: string): Promise<void> {
  const next = join(dirname(file), `.${basename(file)}.next`);
  await writeFile(next, contents);
  await rename(next, file);
}

/** Every .html file under the build's output through `rewrites`, in order; what each changed. */
export async function rewriteBuiltPages(
  outputDirectory: URL,
  rewrites: readonly Pick<PageRewrite, 'rewrite'>[],
): Promise<RewriteResult[]> {
  const entries = await readdir(fileURLToPath(outputDirectory), { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
  const results = rewrites.map(() => ({ pages: files.length, changed: 0, bytesSaved: 0 }));
  await forEachConcurrently(files, PAGES_IN_FLIGHT, async (file) => {
    const original = await readFile(file, 'utf8');
    let html = original;
    rewrites.forEach(({ rewrite }, index) => {
      const rewritten = rewrite(html);
      if (rewritten === html) return;
      results[index]!.changed++;
      results[index]!.bytesSaved += Buffer.byteLength(html) - Buffer.byteLength(rewritten);
      html = rewritten;
    });
    if (html !== original) await replaceFile(file, html);
  });
  return results;
}

/** The integration that runs `rewrites` over the finished pages, and `readers` meanwhile; each logs under its own name. */
export function builtPageRewrites(
  rewrites: readonly PageRewrite[],
  readers: readonly PageReader[] = [],
): AstroIntegration {
  return {
    name: 'built-pages',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const rewriting = rewriteBuiltPages(dir, rewrites).then((results) =>
          rewrites.forEach((rewrite, index) => rewrite.report(results[index]!, logger.fork(rewrite.name))),
        );
        const reading = readers.map((reader) => reader.read(dir, logger.fork(reader.name)));
        // Every one finishes (the search index's process closes) before a failure fails the build.
        const failed = (await Promise.allSettled([rewriting, ...reading])).find(
          (result) => result.status === 'rejected',
        );
        if (failed) throw failed.reason;
      },
    },
  };
}
