// Astro writes the same Content-Security-Policy into every page: the hashes of
// every inline script and style of the whole site (about forty). On a page
// those are some 1.5 KB of base64 that no compression shrinks, in the first
// bytes a phone waits for — and a page of HTML over TCP's first window (about
// 14 KB) costs a whole extra round trip. After the build, each page's policy
// keeps only the hashes of the inline scripts and styles that page has; every
// other source and directive stays as Astro wrote it. A page's files (/_astro/…)
// are allowed by 'self', not by hash.
import { cspHash } from '../lib/content-security-policy.ts';
import type { PageRewrite } from './built-pages.ts';

const POLICY = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/;
const HASH_SOURCE = /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/;
/** Elements the browser runs: no src, and no data block such as JSON-LD. */
const INLINE_SCRIPT = /<script\b((?:(?!\bsrc=)[^>])*)>([\s\S]*?)<\/script>/g;
const DATA_BLOCK = /\btype="?application\/(?:ld\+)?json/;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

const hashSource = (text: string) => `'${cspHash(text)}'`;

function withHashes(directive: string, hashes: readonly string[]): string {
  const [name, ...sources] = directive.trim().split(/\s+/);
  return [name, ...sources.filter((source) => !HASH_SOURCE.test(source)), ...new Set(hashes)].join(' ');
}

/** The page with its policy's script and style hashes narrowed to its own inline elements (unchanged without a policy). */
export function narrowPolicy(html: string): string {
  const scripts = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !DATA_BLOCK.test(attributes!))
    .map(([, , text]) => hashSource(text!));
  const styles = [...html.matchAll(INLINE_STYLE)].map(([, text]) => hashSource(text!));
  return html.replace(POLICY, (_, start: string, policy: string, end: string) => {
    const directives = policy.split(';').map((directive) => {
      const name = directive.trim().split(/\s+/)[0];
      if (name === 'script-src') return withHashes(directive, scripts);
      if (name === 'style-src') return withHashes(directive, styles);
      return directive.trim();
    });
    return `${start}${directives.filter(Boolean).join('; ')}${end}`;
  });
}

/** The rewrite of every built page (src/integrations/built-pages.ts); after any other, as it hashes what they wrote. */
export function pageCsp(): PageRewrite {
  return {
    name: 'page-csp',
    rewrite: narrowPolicy,
    report: ({ pages, bytesSaved }, logger) =>
      logger.info(
        `each page's policy names its own inline scripts and styles (${pages} pages, ${Math.round(bytesSaved / pages)} bytes a page fewer)`,
      ),
  };
}
