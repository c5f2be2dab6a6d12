import type { APIRoute } from 'astro';
import { env } from '../env.ts';

/** Everything may be crawled, except on a preview of unpublished content; the sitemap is named with the site's own origin. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    `User-agent: *\n${env.isPreview ? 'Disallow: /' : 'Allow: /'}\n\nSitemap: ${new URL('sitemap-index.xml', site).href}\n`,
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
