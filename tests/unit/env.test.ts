import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../src/env.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  for (const name of ['CONTENT_API_URL', 'CONTENT_STAGE', 'CONTENT_MAX_PAGES']) delete process.env[name];
});

describe('environment', () => {
  it('falls back to the local origin when SITE_URL is unset', () => {
    delete process.env.SITE_URL;
    expect(env.siteUrl).toBe('http://localhost:8888');
  });
  it('knows the site’s Netlify name from SITE_NAME, else from a netlify.app URL or DEPLOY_PRIME_URL', () => {
    vi.stubEnv('SITE_NAME', undefined);
    vi.stubEnv('URL', 'https://www.mnoadvocates.co.ke');
    vi.stubEnv('DEPLOY_PRIME_URL', undefined);
    expect(env.netlifySiteName).toBeUndefined();
    vi.stubEnv('DEPLOY_PRIME_URL', 'https://deploy-preview-12--mno-advocates.netlify.app');
    expect(env.netlifySiteName).toBe('mno-advocates');
    vi.stubEnv('URL', 'https://mno-advocates-staging.netlify.app');
    expect(env.netlifySiteName).toBe('mno-advocates-staging');
    vi.stubEnv('SITE_NAME', 'MNO-Advocates');
    expect(env.netlifySiteName).toBe('mno-advocates');
  });
  it('ignores a blank CONTENT_API_URL, so the sample articles are used', () => {
    process.env.CONTENT_API_URL = '  ';
    expect(env.contentApiUrl).toBeUndefined();
  });
  it('shows published articles unless CONTENT_STAGE asks for drafts, and refuses any other stage', () => {
    expect([env.contentStage, env.isPreview]).toEqual(['PUBLISHED', false]);
    process.env.CONTENT_STAGE = 'draft';
    expect([env.contentStage, env.isPreview]).toEqual(['DRAFT', true]);
    process.env.CONTENT_STAGE = 'STAGING';
    expect(() => env.contentStage).toThrow('CONTENT_STAGE must be one of PUBLISHED, DRAFT, not "STAGING"');
  });
  it('treats a deploy preview or branch deploy as a preview build even with published content', () => {
    vi.stubEnv('CONTEXT', 'deploy-preview');
    expect([env.contentStage, env.isPreviewDeploy, env.isPreview]).toEqual(['PUBLISHED', true, true]);
    vi.stubEnv('CONTEXT', 'production');
    expect([env.isPreviewDeploy, env.isPreview]).toEqual([false, false]);
  });
  it('reads at most 100 pages of articles unless CONTENT_MAX_PAGES says otherwise, a whole number from 1', () => {
    expect(env.contentMaxPages).toBe(100);
    process.env.CONTENT_MAX_PAGES = '250';
    expect(env.contentMaxPages).toBe(250);
    process.env.CONTENT_MAX_PAGES = '0';
    expect(() => env.contentMaxPages).toThrow('CONTENT_MAX_PAGES must be a whole number from 1, not "0"');
  });
});
