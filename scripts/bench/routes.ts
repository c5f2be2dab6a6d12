// The routes each stage measures. ARTICLE stands for one article page, chosen from the build.

const ARTICLE = '<article>';

/** Bytes per route (Playwright, at 375 and 1280 px). */
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

/** Lighthouse (mobile, default config): one route of each kind of page. */
export const LIGHTHOUSE_ROUTES = [
  '/',
  '/about',
  '/team',
  '/practice-areas',
  '/practice-area/commercial-and-corporate-law',
  '/insights',
  ARTICLE,
  '/careers/mno-pupillage-programme',
  '/contact-us',
];

export const resolveRoutes = (routes: readonly string[], articleRoute: string) =>
  routes.map((route) => (route === ARTICLE ? articleRoute : route));
