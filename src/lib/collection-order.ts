// The order the site shows each static list in. Pure functions, so tests can
// check them without Astro; src/lib/collections.ts applies them to the collections.

/** Lists kept in id order: practice areas, team (partners first), partner logos, careers. */
export const sortById = <T extends { id: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.id - b.id);

/** An entry as getCollection gives it: where it came from, and its data. */
interface LoadedEntry<T> {
  id: string;
  filePath?: string;
  data: T;
}

/**
 * The entries' data in id order. Practice areas and people are a file each, so
 * nothing else stops two of them sharing an id (the file() loader of the other
 * lists keeps one entry per id), and their order would then be left to chance:
 * that fails the build, naming both files.
 */
export function sortByUniqueId<T extends { id: number }>(entries: readonly LoadedEntry<T>[]): T[] {
  const fileWithId = new Map<number, string>();
  for (const entry of entries) {
    const file = entry.filePath ?? entry.id;
    const other = fileWithId.get(entry.data.id);
    if (other !== undefined) {
      throw new Error(
        `${other} and ${file} both have id ${entry.data.id}: give each its own id, as the ids set the order of the list`,
      );
    }
    fileWithId.set(entry.data.id, file);
  }
  return sortById(entries.map((entry) => entry.data));
}

/** Podcast episodes newest first: the home teaser features the first and lists the next two. */
export const newestEpisodesFirst = <T extends { episode_no: number }>(episodes: readonly T[]): T[] =>
  [...episodes].sort((a, b) => b.episode_no - a.episode_no);

/** The home page carousel shows the first six practice areas (docs/requirements.md#practice-carousel). */
export const HOME_CAROUSEL_SIZE = 6;

export const homeCarouselPracticeAreas = <T extends { id: number }>(areas: readonly T[]): T[] =>
  sortById(areas).slice(0, HOME_CAROUSEL_SIZE);
