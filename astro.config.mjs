import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { env } from './src/env.ts';
import { cspDirectives } from './src/lib/content-security-policy.ts';

/** Pages that must not be indexed: the site's not-found page and the unknown-article page. */
const NOT_IN_SITEMAP = ['/404', '/insight/404'];

export default defineConfig({
  site: env.siteUrl,
  // No Markdown code blocks on this site; Shiki's inline styles would clash with the CSP.
  markdown: { syntaxHighlight: false },
  security: {
    csp: { directives: [...cspDirectives(env.contentAssetHosts)] },
  },
  integrations: [
    react(),
    sitemap({
      filter: (page) => !NOT_IN_SITEMAP.includes(new URL(page).pathname.replace(/\/+$/, '')),
    }),
  ],
  vite: {
    server: {
      // `npm run dev`: forms post to the real functions served by scripts/serve.ts.
      proxy: { '/api': `http://localhost:${process.env.FUNCTIONS_PORT ?? 8888}` },
    },
  },
});
