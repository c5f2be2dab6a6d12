import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { narrowPolicy } from '../../../src/integrations/page-csp.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const SITE_WIDE = [hash('a script of another page'), hash('another page style')];
const policyOf = (html: string) =>
  new Map(
    html
      .match(/content-security-policy" content="([^"]*)"/)![1]!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]): [string, string[]] => [name!, sources]),
  );

const page = (body: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="default-src 'self';img-src 'self' data:;` +
  ` script-src 'self' 'wasm-unsafe-eval' ${SITE_WIDE.join(' ')}; style-src 'self' ${SITE_WIDE.join(' ')}">` +
  `<style>body{margin:0}</style></head><body>${body}</body></html>`;

describe("narrowPolicy: a page's policy names its own inline scripts and styles", () => {
  it('keeps the hashes of the inline scripts and styles on the page, and no other', () => {
    const html = page(
      '<script>one()</script><script type="module">two()</script><style>p{color:red}</style>' +
        '<script type="module" src="/_astro/page.js"></script><script type="application/ld+json">{"@type":"Person"}</script>',
    );
    const policy = policyOf(narrowPolicy(html));
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", hash('one()'), hash('two()')]);
    expect(policy.get('style-src')).toEqual(["'self'", hash('body{margin:0}'), hash('p{color:red}')]);
  });

  it('leaves every other directive as it was', () => {
    const policy = policyOf(narrowPolicy(page('')));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    // No inline script: 'self' alone, never an empty directive that would allow nothing.
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('names a script repeated on the page once', () => {
    const policy = policyOf(narrowPolicy(page('<script>same()</script><script>same()</script>')));
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", hash('same()')]);
  });

  it('leaves a page without a policy untouched', () => {
    const html = '<!doctype html><html><head><script>x()</script></head></html>';
    expect(narrowPolicy(html)).toBe(html);
  });
});
