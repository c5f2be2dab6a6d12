// A preview build and a build whose content service is down, each of a copy
// of the project (tests/support/project-copy.ts), so they run beside
// articles-build.test.ts' builds of the checkout itself.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateArticles, startGraphqlServer } from '../../scripts/lib/graphql-server.ts';
import { BUILD_TIMEOUT, buildSite, SERVICE_TOKEN as TOKEN } from '../support/content-service-build.ts';
import { projectCopy } from '../support/project-copy.ts';

let root: string;
beforeAll(async () => {
  root = await projectCopy('mno-articles-stages-');
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a preview build (CONTENT_STAGE=DRAFT)', { timeout: BUILD_TIMEOUT }, () => {
  it('shows unpublished articles under a visible band, and keeps every page out of search engines', async () => {
    const [published, draft] = generateArticles(2);
    const server = await startGraphqlServer({
      articles: [published!, { ...draft!, stage: 'DRAFT', articleTitle: 'A draft not yet published' }],
      token: TOKEN,
    });
    const outDir = await mkdtemp(join(tmpdir(), 'mno-articles-preview-'));
    const cacheDir = await mkdtemp(join(tmpdir(), 'mno-articles-preview-cache-'));
    try {
      const build = await buildSite(outDir, server.url, cacheDir, { CONTENT_STAGE: 'DRAFT' }, root);
      expect(build.code, build.output.slice(-3000)).toBe(0);
      expect((server.requests[0]!.body as { variables: unknown }).variables).toMatchObject({ stage: 'DRAFT' });
      const draftPage = await readFile(join(outDir, `insight/${draft!.articleSlug}/index.html`), 'utf8');
      expect(draftPage).toContain('A draft not yet published');
      for (const html of [draftPage, await readFile(join(outDir, 'index.html'), 'utf8')]) {
        expect(html).toMatch(/<p class="preview-band"[^>]*>Preview: unpublished content<\/p>/);
        expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      }
      expect(await readFile(join(outDir, '_headers'), 'utf8')).toBe('/*\n  X-Robots-Tag: noindex, nofollow\n');
      expect(await readFile(join(outDir, 'robots.txt'), 'utf8')).toContain('Disallow: /');
    } finally {
      await server.close();
      for (const dir of [outDir, cacheDir]) await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a build while the content service is down', { timeout: BUILD_TIMEOUT }, () => {
  it('fails, naming the endpoint', async () => {
    const server = await startGraphqlServer({ failWithStatus: 500 });
    const outDir = await mkdtemp(join(tmpdir(), 'mno-articles-down-'));
    try {
      const build = await buildSite(outDir, server.url, join(outDir, '.cache'), {}, root);
      expect(build.code).not.toBe(0);
      expect(build.output).toContain(`Could not load articles from ${server.url}`);
      expect(build.output).toContain('HTTP 500');
      expect(build.output).not.toContain(TOKEN);
      expect(existsSync(join(outDir, 'insights/index.html'))).toBe(false);
    } finally {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
