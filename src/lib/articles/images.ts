// Where article images may come from: the CMS asset host or this site itself.

/**
 * True when `url` may be used as an image source on the site:
 * - a same-origin path (`/images/articles/x.svg`), never protocol-relative (`//host`)
 *   and never with a backslash, which browsers read as a slash;
 * - or an `https:` URL on one of `assetHosts` (`media.example.com`, or
 *   `*.example.com` for the domain and its subdomains), without credentials.
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
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  const host = parsed.hostname.toLowerCase();
  return assetHosts.some((pattern) => {
    const allowed = pattern.trim().toLowerCase();
    if (allowed.startsWith('*.')) {
      const domain = allowed.slice(2);
      return host === domain || host.endsWith(`.${domain}`);
    }
    return host === allowed;
  });
}
