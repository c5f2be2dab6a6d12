// /favicon.svg: the firm's mark — the initials of its name in its brand colours
// (src/site.config.ts) — drawn at build, so a rebranded site's tab shows its own.
import type { APIRoute } from 'astro';
import { faviconSvg, monogramOf } from '../lib/brand.ts';
import { site } from '../site.config.ts';

export const GET: APIRoute = () =>
  new Response(faviconSvg(site.brand.colours, monogramOf(site.name)), {
    headers: { 'Content-Type': 'image/svg+xml' },
  });
