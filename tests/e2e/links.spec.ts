import { expect, test } from '@playwright/test';
import { LinkChecker, LinkState } from 'linkinator';

test('every internal link and asset on the site resolves', async ({ baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const result = await new LinkChecker().check({
    path: `${origin}/`,
    recurse: true,
    concurrency: 8,
    // External sites (social networks, video, maps) are out of reach here and not ours to test.
    linksToSkip: async (link) => !link.startsWith(origin),
  });
  const broken = result.links
    .filter((link) => link.state === LinkState.BROKEN)
    .map((link) => `${link.status} ${link.url} (on ${link.parent})`);
  expect(broken).toEqual([]);
  expect(result.links.filter((link) => link.state === LinkState.OK).length).toBeGreaterThan(100);
});
