// The Content-Security-Policy directives Astro puts in every page's <meta>, next
// to the script and style hashes it computes itself (no 'unsafe-inline' scripts).
// Frames are limited to the video and map hosts named in site.config.ts; images
// to the site and the content service's asset hosts (images in article bodies
// are linked from the CMS; cards, heroes and portraits are optimised copies on the site).
// Workers only from the site's own files: the application form reduces photos in
// one (src/forms/application/photo-worker.ts, built into /_astro/), never from
// blob: URLs.
import { createHash } from 'node:crypto';
import { site } from '../site.config.ts';
import { imageSourcesFor } from './articles/images.ts';
import { WEB_FONTS_HEAD_SCRIPT } from './web-fonts.ts';

const origin = (url: string) => new URL(url).origin;

/**
 * Sources of script-src, beside the hashes Astro adds. Pagefind's article search
 * (src/islands/ArticleSearch.tsx) runs its search engine as WebAssembly, which
 * needs 'wasm-unsafe-eval' (compiling Wasm only, not JavaScript `eval`).
 */
export const scriptSources = ["'self'", "'wasm-unsafe-eval'"] as const;

/** An inline script's or style's hash as CSP writes it in Astro's config (quoted in a policy: `'sha256-…'`). */
export const cspHash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}` as const;

/** Scripts written inline as they are (`is:inline`), which Astro does not hash itself. */
export const inlineScriptHashes = [cspHash(WEB_FONTS_HEAD_SCRIPT)];

export function cspDirectives(contentAssetHosts: readonly string[]) {
  const frameHosts = [origin(site.video.embedUrl), origin(site.mapEmbedUrl)];
  const imageHosts = imageSourcesFor(contentAssetHosts);
  return [
    "default-src 'self'",
    `img-src 'self' data: ${imageHosts.join(' ')}`.trim(),
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameHosts.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ] as const;
}
