// The HTML pages of a finished build, for integrations that rewrite them in
// astro:build:done (src/integrations/after-load-script.ts, page-csp.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Rewrites every .html file under the build's output; returns how many there are and how many changed. */
export async function rewriteBuiltPages(
  outputDirectory: URL,
  rewrite: (html: string) => string,
): Promise<{ pages: number; changed: number; bytesSaved: number }> {
  const entries = await readdir(fileURLToPath(outputDirectory), { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
  let changed = 0;
  let bytesSaved = 0;
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    const rewritten = rewrite(html);
    if (rewritten === html) continue;
    changed++;
    bytesSaved += Buffer.byteLength(html) - Buffer.byteLength(rewritten);
    await writeFile(file, rewritten);
  }
  return { pages: files.length, changed, bytesSaved };
}
