// The Netlify adapter (@astrojs/netlify) puts every page rendered on request
// into one function that claims every path (`path: '/*'`, static files first)
// and answers a path it has no page for with the site's 404 page. That would
// take over the rules of netlify.toml that answer an unknown /insight/<slug>
// with the article layout's 404. The site renders on request only under the
// paths given here (the draft preview), so the function is given those paths
// alone, and every other address stays with the static files and the rules.
import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/** The adapter's function, with its inlined `config` (Netlify reads it without running the file). */
const SSR_FUNCTION = '.netlify/v1/functions/ssr/ssr.mjs';
const CLAIM_EVERY_PATH = "path: '/*',";

export function onDemandPaths(paths: readonly string[]): AstroIntegration {
  return {
    name: 'on-demand-paths',
    hooks: {
      'astro:build:done': async ({ logger }) => {
        const file = new URL(SSR_FUNCTION, `file://${process.cwd()}/`);
        const source = await readFile(file, 'utf8');
        // A newer adapter that writes its config otherwise must fail the build, not serve every path.
        if (!source.includes(CLAIM_EVERY_PATH)) {
          throw new Error(
            `${SSR_FUNCTION} no longer says ${CLAIM_EVERY_PATH} (a new @astrojs/netlify?): narrow its paths anew`,
          );
        }
        await writeFile(file, source.replace(CLAIM_EVERY_PATH, `path: ${JSON.stringify(paths)},`));
        logger.info(`pages rendered on request answer only ${paths.join(', ')}`);
      },
    },
  };
}
