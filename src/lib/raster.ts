// The firm's drawn images are SVG in src/assets, so they stay sharp and small in
// the repository, but a page shows them as WebP made at build. A browser draws
// each SVG <img> in a document of its own on the main thread: two dozen of them
// cost a phone's main thread hundreds of milliseconds while the page loads, a
// WebP costs a decode off it. (WebP rather than AVIF for build speed, as for
// the CMS's images in CmsImage.astro.)
export const RASTER_FORMAT = 'webp';
