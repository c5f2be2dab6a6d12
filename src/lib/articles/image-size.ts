// The size of a CMS image, read at build time from the first bytes of the
// download. Pages need it to have Astro make resized copies (a remote image
// has no size of its own), and reading it early lets a broken upload be
// reported and left out instead of failing the build later.
import { imageMetadata } from 'astro/assets/utils';
import { isAllowedImageUrl } from './images.ts';

/** Every format we accept declares its size well within this many bytes. */
const HEADER_LIMIT = 512 * 1024;

/**
 * Formats Astro's image service (sharp) resizes. Not SVG: rasterising it runs a
 * full SVG renderer over the CMS's file at build (astro.config.mjs processes the
 * firm's own drawings only), and an SVG needs no resizing anyway.
 */
const OPTIMISABLE = new Set(['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif', 'tiff']);

export interface ImageSize {
  width: number;
  height: number;
}

export interface ProbeOptions {
  /** Where a redirect may lead (CONTENT_ASSET_HOSTS). */
  assetHosts: readonly string[];
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Reads `url` until its header tells the image's size. Throws a short reason when it cannot. */
export async function probeImageSize(url: string, options: ProbeOptions): Promise<ImageSize> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new Error(name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : 'the request failed', {
      cause: error,
    });
  }
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  if (response.redirected && !isAllowedImageUrl(response.url, options.assetHosts)) {
    await response.body.cancel();
    throw new Error(`redirected to ${new URL(response.url).host}, which is not an allowed image host`);
  }
  const reader = response.body.getReader();
  let received = new Uint8Array();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || received.length > HEADER_LIMIT) break;
      const joined = new Uint8Array(received.length + value.length);
      joined.set(received);
      joined.set(value, received.length);
      received = joined;
      const metadata = await imageMetadata(received, url).catch(() => undefined);
      if (metadata) {
        if (!OPTIMISABLE.has(metadata.format)) throw new Error(`${metadata.format} images cannot be resized`);
        return { width: metadata.width, height: metadata.height };
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  throw new Error('not an image');
}
