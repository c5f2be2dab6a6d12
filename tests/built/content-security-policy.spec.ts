// The Content-Security-Policy every visitor page carries in its <head>, read
// from dist/: no inline or eval'd script, workers and frames from known places
// only. That the pages' flows break none of its rules, in a browser:
// tests/e2e/security.spec.ts.
import { expect, test } from '@playwright/test';
import { elements, visitorPages } from '../support/built-site.ts';

test('every page carries a Content-Security-Policy without inline scripts', () => {
  expect(visitorPages.length).toBeGreaterThan(40);
  for (const page of visitorPages) {
    const [meta] = elements(
      page,
      (element) =>
        element.name === 'meta' && element.attribs['http-equiv']?.toLowerCase() === 'content-security-policy',
    );
    const policy = meta?.attribs.content;
    expect(policy, page.path).toBeTruthy();
    const directives = new Map(
      policy!
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives.get('script-src'), page.path).not.toContain("'unsafe-inline'");
    // Pagefind's search engine is WebAssembly: compiling it is allowed, JavaScript eval is not.
    expect(directives.get('script-src'), page.path).toContain("'wasm-unsafe-eval'");
    expect(directives.get('script-src'), page.path).not.toContain("'unsafe-eval'");
    // The application form's photo worker is a file of the site's own; never a blob: or data: URL.
    expect(directives.get('worker-src'), page.path).toEqual(["'self'"]);
    expect(directives.get('object-src'), page.path).toEqual(["'none'"]);
    expect(directives.get('base-uri'), page.path).toEqual(["'self'"]);
    expect(directives.get('form-action'), page.path).toEqual(["'self'"]);
    expect(directives.get('frame-src'), page.path).toEqual([
      'https://www.youtube-nocookie.com',
      'https://www.google.com',
    ]);
  }
});
