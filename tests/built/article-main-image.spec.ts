// An article's main image is its largest paint on a phone: nothing earlier in the
// page may compete with it for the connection (docs/quality.md, "The article's
// main image"; the bench's Lighthouse stage measures what it costs).
import { expect, test } from '@playwright/test';
import type { Element } from 'domhandler';
import { builtPages, elements } from '../support/built-site.ts';

const isImage = (element: Element) => element.name === 'img';
const mainImageOf = (element: Element) => isImage(element) && /\barticle__figure\b/.test(element.attribs.class ?? '');

test('on every article page the main image is asked for first and at high priority, before the images above it', () => {
  let yielding = 0;
  for (const page of builtPages.filter((candidate) => /^\/(?:sw\/)?insight\/[^/]+\/$/.test(candidate.path))) {
    const images = elements(page, isImage);
    const main = images.findIndex(mainImageOf);
    if (main === -1) continue; // the unknown-article page, and an article without an image
    expect(images[main]!.attribs, `${page.path}: the main image`).toMatchObject({
      loading: 'eager',
      fetchpriority: 'high',
    });
    for (const before of images.slice(0, main)) {
      const waits = before.attribs.fetchpriority === 'low' || before.attribs.loading === 'lazy';
      expect(waits, `${page.path}: ${before.attribs.src} comes first and must wait (fetchpriority="low")`).toBe(true);
      yielding++;
    }
  }
  // The sample articles have an author's portrait above the main image: the rule is exercised.
  expect(yielding).toBeGreaterThan(0);
});
