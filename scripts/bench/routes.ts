// The routes each stage measures. ARTICLE stands for one article page, chosen from the build.

export const ARTICLE = '<article>';

/** Bytes per route (Playwright, 1280×800). */
export const BYTES_ROUTES = [
  '/',
  '/about',
  '/team',
  '/clients-and-partners',
  '/practice-areas',
  '/practice-area/commercial-and-corporate-law',
  '/careers',
  '/careers/mno-pupillage-programme',
  '/insights',
  ARTICLE,
  '/podcast',
  '/contact-us',
];

/** Lighthouse (mobile, default config). */
export const LIGHTHOUSE_ROUTES = [
  '/',
  '/about',
  '/practice-area/commercial-and-corporate-law',
  '/insights',
  ARTICLE,
  '/careers/mno-pupillage-programme',
  '/contact-us',
];

export const resolveRoutes = (routes: readonly string[], articleRoute: string) =>
  routes.map((route) => (route === ARTICLE ? articleRoute : route));
