// The image a built page shares on social networks, as a visitor's network
// fetches it: the og:image it names (the twitter:image must name the same),
// that file's real format and size, and the size the page declares for it.
import { expect } from 'vitest';
import { imageMetadata } from 'astro/assets/utils';

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];

/** The share image of `html` (the page at `path`), fetched from the built site served at `siteUrl`. */
export async function sharedImage(html: string, siteUrl: string, path: string) {
  const url = new URL(meta(html, 'og:image')!);
  expect(meta(html, 'twitter:image'), path).toBe(url.href);
  const bytes = new Uint8Array(await (await fetch(`${siteUrl}${url.pathname}`)).arrayBuffer());
  return {
    url,
    served: await imageMetadata(bytes, url.href),
    declared: [meta(html, 'og:image:width'), meta(html, 'og:image:height')],
  };
}
