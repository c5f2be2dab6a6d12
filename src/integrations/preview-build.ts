// A preview build (CONTENT_STAGE=DRAFT: Netlify's deploy previews and branch
// deploys, see netlify.toml) shows unpublished articles, so it must never be
// found by a search engine. Pages carry a robots meta and a visible band
// (src/layouts/BaseLayout.astro); this adds the header every response of the
// deploy gets, through Netlify's `_headers` file in the published folder.
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { env } from '../env.ts';

const PREVIEW_HEADERS = '/*\n  X-Robots-Tag: noindex, nofollow\n';

export function previewBuild(): AstroIntegration {
  return {
    name: 'preview-build',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (!env.isPreview) return;
        await writeFile(new URL('_headers', dir), PREVIEW_HEADERS);
        logger.info(
          'preview build (CONTENT_STAGE=DRAFT): unpublished articles included, every response marked noindex',
        );
      },
    },
  };
}
