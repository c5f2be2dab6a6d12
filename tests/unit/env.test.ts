import { describe, expect, it } from 'vitest';
import { env } from '../../src/env';

describe('environment', () => {
  it('falls back to the local origin when SITE_URL is unset', () => {
    delete process.env.SITE_URL;
    expect(env.siteUrl).toBe('http://localhost:8888');
  });
  it('ignores a blank CONTENT_API_URL, so the sample articles are used', () => {
    process.env.CONTENT_API_URL = '  ';
    expect(env.contentApiUrl).toBeUndefined();
  });
});
