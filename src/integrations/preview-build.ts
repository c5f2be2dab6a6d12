// A preview build (CONTENT_STAGE=DRAFT, or CONTEXT a deploy preview or branch
// deploy: Netlify's previews are both, see netlify.toml) shows unpublished
// articles and sends its forms nowhere near the firm, so it must never be
// found by a search engine. Pages carry a robots meta and a visible band
// (src/components/site/PreviewBand.astro); this adds the header every response of the
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
          `preview build (${env.isPreviewDeploy ? `CONTEXT=${env.deployContext}` : 'CONTENT_STAGE=DRAFT'}): every response marked noindex`,
        );
      },
    },
  };
}
