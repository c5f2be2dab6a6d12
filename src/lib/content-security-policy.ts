// The Content-Security-Policy directives Astro puts in every page's <meta>, next
// to the script and style hashes it computes itself (no 'unsafe-inline' scripts).
// Frames are limited to the video and map hosts named in site.config.ts; images
// to the site and the content service's asset hosts.
import { site } from '../site.config';

const origin = (url: string) => new URL(url).origin;

export function cspDirectives(contentAssetHosts: readonly string[]) {
  const frameHosts = [origin(site.video.embedUrl), origin(site.mapEmbedUrl)];
  const imageHosts = contentAssetHosts.map((host) => `https://${host}`);
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
    "worker-src 'none'",
  ] as const;
}
