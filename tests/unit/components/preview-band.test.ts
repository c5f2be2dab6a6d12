import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PreviewBand from '../../../src/components/site/PreviewBand.astro';

const render = async () => (await AstroContainer.create()).renderToString(PreviewBand);
const bandText = (html: string) => /<p class="preview-band"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the preview band', () => {
  it('is absent from the live site', async () => {
    vi.stubEnv('CONTENT_STAGE', undefined);
    vi.stubEnv('CONTEXT', 'production');
    expect(bandText(await render())).toBeUndefined();
  });

  it('says, on a deploy preview or branch deploy, that its forms are not sent to the firm', async () => {
    vi.stubEnv('CONTENT_STAGE', 'DRAFT');
    for (const context of ['deploy-preview', 'branch-deploy']) {
      vi.stubEnv('CONTEXT', context);
      expect(bandText(await render())).toBe('Preview: unpublished content — forms here are not sent to the firm');
    }
    vi.stubEnv('CONTENT_STAGE', undefined);
    expect(bandText(await render())).toBe('Preview: forms here are not sent to the firm');
  });

  it('says only that content is unpublished on a draft build of one’s own, whose forms work as usual', async () => {
    vi.stubEnv('CONTENT_STAGE', 'DRAFT');
    vi.stubEnv('CONTEXT', undefined);
    expect(bandText(await render())).toBe('Preview: unpublished content');
  });
});
