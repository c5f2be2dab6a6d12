// Titles, descriptions and share images as search engines and social sites
// show them. pageTitle() and pageDescription() cut a title to 60 characters and
// a description to 160, at a word, never mid-word; neither lengthens a short
// one. The 50-character minimum is not applied here: the firm copy's schema
// (src/content/schemas.ts) holds the descriptions written there to it, and the
// e2e tests check every built page against it.
import { site } from '../site.config.ts';

export const TITLE_MAX = 60;
/** The shortest description a page should have; see above for where it is checked. */
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

/** The image a link to the page shows on social sites: its URL and its size as served, in pixels. */
export interface ShareImage {
  /** Absolute, or root-relative to the site. */
  src: string;
  width: number;
  height: number;
  /** Describes the image for people who cannot see it; omitted when it would only repeat the title. */
  alt?: string;
}

function clampAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** "Page | {short name}" when it fits, else the page's own title, shortened if need be. */
export function pageTitle(title: string): string {
  if (title === site.shortName) return title;
  const branded = `${title} | ${site.shortName}`;
  return branded.length <= TITLE_MAX ? branded : clampAtWord(title, TITLE_MAX);
}

/** The meta description, cut to 160 characters at a word. */
export const pageDescription = (description: string): string => clampAtWord(description, DESCRIPTION_MAX);
