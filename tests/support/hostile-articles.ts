// Articles that attack the site through the content service, and what shows
// they failed: one whose title, summary, images and body carry scripts,
// handlers, javascript: links, SVG and frames (all trying to set
// window.__pwned), one that claims the not-found page's address; the body as
// built, and what a page open in a browser still holds that could run.
import type { Page } from 'playwright-core';
import { generateArticles, type ServedArticle } from '../../scripts/lib/graphql-server.ts';

export const HOSTILE_SLUG = 'hostile-article';
export const HOSTILE_TITLE = 'Hostile </script><script>window.__pwned=1</script> title';
const HOSTILE_BODY = [
  '<p>Opening paragraph that must survive.</p>',
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<p><a href="javascript:window.__pwned=1">x</a></p>',
  '<svg onload="window.__pwned=1"><circle r="4"></circle></svg>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<p onclick="window.__pwned=1" style="background:url(javascript:window.__pwned=1)">Closing paragraph.</p>',
  '<img src="https://evil.example/pixel.png" alt="tracker">',
].join('');

export function hostileArticle(): ServedArticle {
  const [base] = generateArticles(1, { from: '2026-07-01T08:00:00Z', until: '2026-07-01T08:00:00Z' });
  return {
    ...base,
    id: 'hostile000000000000000000',
    articleSlug: HOSTILE_SLUG,
    articleTitle: HOSTILE_TITLE,
    articleSummary: '<img src=x onerror="window.__pwned=1"> A summary with markup in it.',
    authorImage: { url: 'https://evil.example/author.png' },
    articleMainImage: { url: 'javascript:window.__pwned=1' },
    articleContent: { html: HOSTILE_BODY },
  };
}

/** A record trying to take the not-found page's address. */
export function reservedSlugArticle(): ServedArticle {
  const [base] = generateArticles(1, { from: '2026-06-01T08:00:00Z', until: '2026-06-01T08:00:00Z' });
  return { ...base, id: 'reserved00000000000000000', articleSlug: '404', articleTitle: 'An article called 404' };
}

/** The article body as built: the contents of the `.prose` element. */
export function proseOf(html: string): string {
  const match = html.match(/<div class="prose"[^>]*>([\s\S]*?)<\/div>\s*<\/div>\s*<\/article>/);
  if (!match) throw new Error('no article body found in the page');
  return match[1]!;
}

/** What the page open in `tab` holds that could run a script, and the elements of its article body. */
export const scriptableRemnants = (tab: Page) =>
  tab.evaluate(() => ({
    inlineScriptsMentioningPwned: [...document.scripts].filter(
      (script) =>
        script.textContent?.includes('__pwned') &&
        script.type !== 'application/json' &&
        script.type !== 'application/ld+json',
    ).length,
    handlers: [...document.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on')),
    ),
    javascriptUrls: [...document.querySelectorAll('[href], [src]')].filter((element) =>
      /^\s*javascript:/i.test(element.getAttribute('href') ?? element.getAttribute('src') ?? ''),
    ).length,
    frames: document.querySelectorAll('iframe, frame, object, embed').length,
    bodyElements: [...document.querySelectorAll('.prose *')].map((element) => element.tagName.toLowerCase()),
  }));
