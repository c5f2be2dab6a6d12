// The order the site shows each static list in. Pure functions, so tests can
// check them without Astro; src/lib/collections.ts applies them to the collections.

/** Lists kept in id order: practice areas, team (partners first), partner logos, careers. */
export const sortById = <T extends { id: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.id - b.id);

/** Podcast episodes newest first: the home teaser features the first and lists the next two. */
export const newestEpisodesFirst = <T extends { episode_no: number }>(episodes: readonly T[]): T[] =>
  [...episodes].sort((a, b) => b.episode_no - a.episode_no);

/** The home page carousel shows the first six practice areas (spec §9). */
export const HOME_CAROUSEL_SIZE = 6;

export const homeCarouselPracticeAreas = <T extends { id: number }>(areas: readonly T[]): T[] =>
  sortById(areas).slice(0, HOME_CAROUSEL_SIZE);
