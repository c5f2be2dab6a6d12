import { expect, test } from '@playwright/test';
import { LinkChecker, LinkState } from 'linkinator';
import { sitemapPages } from './support/site-map.ts';

test.describe('links', () => {
  for (const path of sitemapPages) {
    test(`every internal link and asset on ${path} resolves`, async ({ baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const result = await new LinkChecker().check({
        path: `${origin}${path}`,
        recurse: false,
        // External sites (social networks, video, maps) are out of reach here and not ours to test.
        linksToSkip: async (link) => !link.startsWith(origin),
      });
      const internal = result.links.filter((link) => link.url !== `${origin}${path}`);
      const broken = internal
        .filter((link) => link.state === LinkState.BROKEN)
        .map((link) => `${link.status} ${link.url}`);
      expect(broken).toEqual([]);
      // The frame alone (header, footer, favicon) links to a dozen pages and files: the page was read.
      const resolved = internal.filter((link) => link.state === LinkState.OK).map((link) => link.url);
      expect(resolved).toContain(`${origin}/favicon.svg`);
      expect(resolved.length).toBeGreaterThanOrEqual(12);
    });
  }
});
