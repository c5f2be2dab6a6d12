// Where article images may come from: the CMS asset hosts or this site itself.
// One list (CONTENT_ASSET_HOSTS) feeds the sanitiser, the build's image
// pipeline (Astro's remotePatterns) and the Content-Security-Policy.

/** Hosts that only ever mean this machine: a local CMS in tests may serve them over plain http. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

const normalise = (pattern: string) => pattern.trim().toLowerCase();

/** True when `host` is named by one of `patterns` (`media.example.com`, or `*.example.com` for the domain and its subdomains). */
function hostMatches(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const allowed = normalise(pattern);
    if (allowed.startsWith('*.')) {
      const domain = allowed.slice(2);
      return host === domain || host.endsWith(`.${domain}`);
    }
    return host === allowed;
  });
}

/** `https:`, or `http:` for a loopback host. */
const schemeAllowed = (url: URL) =>
  url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));

/**
 * True when `url` may be used as an image source on the site:
 * - a same-origin path (`/images/articles/x.svg`), never protocol-relative (`//host`)
 *   and never with a backslash, which browsers read as a slash;
 * - or a URL on one of `assetHosts`, without credentials, over `https:`
 *   (or `http:` when the listed host is a loopback address).
 */
export function isAllowedImageUrl(url: string, assetHosts: readonly string[]): boolean {
  const value = url.trim();
  if (!value || /[\s\\\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  if (!schemeAllowed(parsed) || parsed.username || parsed.password) return false;
  return hostMatches(parsed.hostname.toLowerCase(), assetHosts);
}

/** True for an image the build fetches and optimises (a CMS asset), false for a path on this site. */
export const isRemoteImage = (url: string): boolean => /^https?:\/\//i.test(url.trim());

export interface RemotePattern {
  protocol: 'http' | 'https';
  hostname: string;
}

/**
 * Astro's `image.remotePatterns` for the asset hosts: the images the build may
 * download and optimise. `*.example.com` becomes the domain and `**.example.com`.
 */
export function remotePatternsFor(assetHosts: readonly string[]): RemotePattern[] {
  return assetHosts
    .map(normalise)
    .filter(Boolean)
    .flatMap((host): RemotePattern[] => {
      if (host.startsWith('*.')) {
        const domain = host.slice(2);
        return [
          { protocol: 'https', hostname: domain },
          { protocol: 'https', hostname: `**.${domain}` },
        ];
      }
      const protocols: RemotePattern['protocol'][] = LOOPBACK_HOSTS.has(host) ? ['https', 'http'] : ['https'];
      return protocols.map((protocol) => ({ protocol, hostname: host }));
    });
}

/** CSP `img-src` sources for images in article bodies, which are linked, not optimised. */
export function imageSourcesFor(assetHosts: readonly string[]): string[] {
  return assetHosts
    .map(normalise)
    .filter(Boolean)
    .map((host) => (LOOPBACK_HOSTS.has(host) ? `http://${host}:*` : `https://${host}`));
}
