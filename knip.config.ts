// knip (npm run lint:unused) reports files, exports and dependencies that nothing uses.
// Its plugins find most entry points themselves: Astro's (astro.config.mjs, src/pages,
// src/content.config.ts), Netlify's functions, Vitest's and Playwright's configs and
// tests, and the scripts package.json runs. Listed here are the ones they cannot see.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: [
        // Run by hand, not by an npm script: `npx node scripts/generate-images.ts`, and the test
        // content service, `npx node scripts/lib/graphql-server.ts` (also imported by tests and the bench).
        'scripts/generate-images.ts',
        'scripts/lib/graphql-server.ts',
        // Hydration directives, registered by path in src/integrations/client-directives.ts.
        'src/client/{intent,near}-directive.ts',
        // Fixture sites: their functions are served by scripts/serve.ts, and the rebrand
        // fixture's files replace the site's own in a copy that tests/integration builds.
        'tests/fixtures/echo-site/netlify/functions/*.ts',
        'tests/fixtures/rebrand-firm/src/**/*.ts',
      ],
      // Read by path, not imported: scripts/subset-fonts.ts subsets their .woff2 files.
      ignoreDependencies: ['@fontsource-variable/fraunces', '@fontsource-variable/inter'],
      // Debian's package manager, which scripts/ensure-chromium.ts calls to install Chromium.
      ignoreBinaries: ['apt-get'],
    },
    // The bench's lighthouse stage's tools: a package of their own, which that stage installs on first use
    // and imports from there (scripts/bench/tools/load.ts), so they are its dependencies, not the root's.
    'scripts/bench/tools': {},
  },
};

export default config;
