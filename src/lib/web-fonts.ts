// The site's two web fonts, and how a page knows it may draw in them. A visit's
// first page is drawn in the visitor's own faces, scaled to the web fonts'
// metrics; once it has loaded, src/client/web-fonts.ts caches the fonts and
// leaves a flag in sessionStorage (for the visit only), and every later page
// reads it before its styles apply (WEB_FONTS_HEAD_SCRIPT). Why:
// docs/architecture.md, "Web fonts".

export const WEB_FONT_FAMILIES = {
  sans: { name: 'Inter', weights: [400, 600] },
  serif: { name: 'Fraunces', weights: [400, 600] },
} as const;

/** On <html> when the page may name the web fonts first (fonts.css). */
export const WEB_FONTS_CLASS = 'web-fonts';

/** sessionStorage: set once the web fonts are in the browser's cache. */
export const WEB_FONTS_STORAGE_KEY = 'mno:web-fonts';

/** Each face as CSS `font` shorthand, for document.fonts.load(). */
export const WEB_FONT_FACES = Object.values(WEB_FONT_FAMILIES).flatMap((family) =>
  family.weights.map((weight) => `${weight} 1em ${family.name}`),
);

/**
 * Inline in <head>, before any style is computed. Its SHA-256 is in the CSP
 * (src/lib/content-security-policy.ts). Storage that throws (blocked, private
 * modes) leaves the page in the local faces.
 */
export const WEB_FONTS_HEAD_SCRIPT = `try{sessionStorage.getItem(${JSON.stringify(WEB_FONTS_STORAGE_KEY)})&&document.documentElement.classList.add(${JSON.stringify(WEB_FONTS_CLASS)})}catch(e){}`;
