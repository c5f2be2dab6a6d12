// Only this site's pages may send its forms. A page on any other site can make
// a visitor's browser post to the functions (a plain HTML form needs no CORS),
// sending spam in the firm's name from the visitor's address, round the
// per-visitor rate limit. Browsers say where such a request comes from:
// `Origin` on every POST, `Sec-Fetch-Site` in current browsers. A request with
// neither header is not a browser's (a script, a monitor) and is judged as
// before, rate limit included.
import { env } from '../../env.ts';

export interface ThisSite {
  /** The public origin, SITE_URL. */
  siteUrl: string;
  /** The Netlify subdomain whose deploy previews and branch deploys are this site too. */
  netlifySiteName?: string;
}

const currentSite = (): ThisSite => ({ siteUrl: env.siteUrl, netlifySiteName: env.netlifySiteName });

const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : undefined);

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** https://<site>.netlify.app, and a deploy preview or branch deploy of it: https://<deploy>--<site>.netlify.app */
const isNetlifyAddressOf = (origin: string, siteName: string) =>
  new RegExp(`^https://(?:[a-z0-9]+(?:-[a-z0-9]+)*--)?${escapeForRegExp(siteName)}\\.netlify\\.app$`).test(origin);

/**
 * Whether a request may have come from this site's own pages. Refused: a
 * request its browser calls `cross-site`, or whose Origin is neither the
 * origin it was sent to, nor SITE_URL's, nor a Netlify address of this site
 * (`null`, the opaque origin of sandboxed frames and file pages, included).
 */
export function isSentFromThisSite(request: Request, site: ThisSite = currentSite()): boolean {
  if (request.headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return false;
  const origin = request.headers.get('origin')?.trim();
  if (origin === undefined) return true;
  if (origin === originOf(request.url) || origin === originOf(site.siteUrl)) return true;
  return site.netlifySiteName !== undefined && isNetlifyAddressOf(origin, site.netlifySiteName);
}
