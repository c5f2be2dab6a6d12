// Titles and descriptions as search engines show them: a title of at most 60
// characters and a description of 50 to 160, cut at a word, never mid-word.
import { site } from '../site.config.ts';

export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

function clampAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** "Page | MNO Advocates" when it fits, else the page's own title, shortened if need be. */
export function pageTitle(title: string): string {
  if (title === site.shortName) return title;
  const branded = `${title} | ${site.shortName}`;
  return branded.length <= TITLE_MAX ? branded : clampAtWord(title, TITLE_MAX);
}

/** The meta description, cut to 160 characters at a word. */
export const pageDescription = (description: string): string => clampAtWord(description, DESCRIPTION_MAX);
