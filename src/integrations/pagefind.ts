// Builds the article search index with Pagefind after every `astro build`, into
// `<outDir>/pagefind`, so search needs no server. Part of the build (rather than
// a `pagefind` step in package.json) because Netlify, `npm start`, the tests and
// the bench all run `astro build`, some with their own `--outDir`.
// Only elements marked `data-pagefind-body` (the article pages) are indexed: it
// reads the pages while their scripts and policy are rewritten (built-pages.ts).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import type { PageReader } from './built-pages.ts';

/** The folder under the output directory; src/islands/ArticleSearch.tsx loads `/pagefind/pagefind.js` from it. */
const BUNDLE_DIRECTORY = 'pagefind';

export function pagefindIndex(): PageReader {
  return {
    name: 'pagefind-index',
    read: async (dir, logger) => {
      const site = fileURLToPath(dir);
      try {
        const { index, errors: createErrors } = await pagefind.createIndex();
        if (!index) throw new Error(createErrors.join('\n'));
        const added = await index.addDirectory({ path: site });
        if (added.errors.length > 0) throw new Error(added.errors.join('\n'));
        const written = await index.writeFiles({ outputPath: join(site, BUNDLE_DIRECTORY) });
        if (written.errors.length > 0) throw new Error(written.errors.join('\n'));
        logger.info(`search index written to ${BUNDLE_DIRECTORY}/ (${added.page_count} pages read)`);
      } finally {
        // The index is built by a native Pagefind process; left running it would keep the build alive.
        await pagefind.close();
      }
    },
  };
}
