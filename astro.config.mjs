import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { env } from './src/env.ts';
import { cspDirectives, inlineScriptHashes, scriptSources } from './src/lib/content-security-policy.ts';
import { remotePatternsFor } from './src/lib/articles/images.ts';
import { pagefindIndex } from './src/integrations/pagefind.ts';
import { previewBuild } from './src/integrations/preview-build.ts';
import { clientDirectives } from './src/integrations/client-directives.ts';
import { brandColours } from './src/integrations/brand-colours.ts';
import { afterLoadScript } from './src/integrations/after-load-script.ts';
import { pageCsp } from './src/integrations/page-csp.ts';
import { builtPageRewrites } from './src/integrations/built-pages.ts';
import { rasterStore } from './src/integrations/raster-store.ts';
import { onDemandPaths } from './src/integrations/on-demand-paths.ts';
import { netlifyAdapter } from './src/integrations/netlify-adapter.ts';
import { site } from './src/site.config.ts';
import { DEFAULT_LANGUAGE } from './src/lib/i18n/languages.ts';

/** The languages of src/site.config.ts, English first: English at the root, each other under its prefix (/sw/). */
const languages = [DEFAULT_LANGUAGE, ...site.languages.filter((language) => language !== DEFAULT_LANGUAGE)];

/** Pages that must not be indexed: the not-found pages (one per language) and the unknown-article page. */
const NOT_IN_SITEMAP = ['/404', '/insight/404', ...languages.slice(1).map((language) => `/${language}/404`)];

export default defineConfig({
  site: env.siteUrl,
  // Without its dev server in a build (src/integrations/netlify-adapter.ts).
  adapter: await netlifyAdapter({ imageCDN: false }),
  ...(env.astroCacheDir ? { cacheDir: env.astroCacheDir } : {}),
  image: {
    // CMS images are downloaded and optimised at build; only from these hosts.
    remotePatterns: remotePatternsFor(env.contentAssetHosts),
    // WebP at effort 2 instead of 4 encodes in half the time for files within
    // 2% of the size: it keeps a cold build of thousands of articles in minutes.
    service: { entrypoint: 'astro/assets/services/sharp', config: { webp: { effort: 2 } } },
    // The firm's own drawings (src/assets/*.svg) are shown as WebP (src/lib/raster.ts).
    // An SVG from the CMS is never rasterised: image-size.ts refuses it at sizing.
    dangerouslyProcessSVG: true,
  },
  // A page's CSS (about 5 KB gzip) comes inside its HTML: on a phone network a
  // separate stylesheet costs a round trip before anything can paint.
  build: { inlineStylesheets: 'always' },
  // No Markdown code blocks on this site; Shiki's inline styles would clash with the CSP.
  markdown: { syntaxHighlight: false },
  // English at the root, Kiswahili under /sw/ (src/pages/[lang]/): Astro.currentLocale follows the path.
  i18n: { locales: languages, defaultLocale: DEFAULT_LANGUAGE, routing: { prefixDefaultLocale: false } },
  security: {
    csp: {
      directives: [...cspDirectives(env.contentAssetHosts)],
      // Replaces Astro's default 'self'; the hashes it computes are still added.
      scriptDirective: { resources: [...scriptSources], hashes: inlineScriptHashes },
    },
  },
  integrations: [
    react(),
    // client:intent and client:near (src/integrations/client-directives.ts).
    clientDirectives(),
    // The firm's colours from src/site.config.ts, as CSS custom properties (virtual:brand-colours.css).
    brandColours(),
    // The drawings' WebP copies, kept in src/assets/rasters/ rather than rasterised on every build without a cache.
    rasterStore(),
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname.replace(/\/+$/, '');
        // The staff desk is the firm's own tool, not a page of the site.
        return !NOT_IN_SITEMAP.includes(path) && path !== '/staff' && !path.startsWith('/staff/');
      },
      // Each page written in several languages names its counterparts (xhtml:link hreflang), as its <head> does.
      ...(languages.length > 1
        ? { i18n: { defaultLocale: DEFAULT_LANGUAGE, locales: Object.fromEntries(languages.map((l) => [l, l])) } }
        : {}),
    }),
    previewBuild(),
    onDemandPaths(['/preview/*']),
    // The finished pages rewritten, each read and written once: the layout's script waits for the
    // page to have loaded before it is fetched; then each page's Content-Security-Policy names only
    // its own inline scripts and styles (last, so it hashes what the other rewrites wrote). Meanwhile
    // the article search index, dist/pagefind, is built from the pages' text, which neither changes.
    builtPageRewrites([afterLoadScript(), pageCsp()], [pagefindIndex()]),
  ],
  vite: {
    server: {
      // `npm run dev`: forms post to the real functions served by scripts/serve.ts.
      proxy: { '/api': `http://localhost:${process.env.FUNCTIONS_PORT ?? 8888}` },
    },
  },
});
