// The content entries that have a drawing, and where each one goes: an
// entry's `image` path, relative to its JSON file. The firm's other images
// have fixed paths under src/assets (firm-images.ts).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEntryFolder } from '../lib/entry-folders.ts';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const contentDir = resolve(root, 'src/content');
export const assetsDir = resolve(root, 'src/assets');

export interface Entry {
  image: string;
  [key: string]: unknown;
}
/** The entry, with the absolute path of its image, which `image` gives relative to the JSON file. */
const withImageFile = <T extends Entry>(entry: T, jsonFile: string) => ({
  ...entry,
  imageFile: resolve(dirname(jsonFile), entry.image),
});

/** A collection kept as one JSON array, src/content/<file>. */
export const readList = <T extends Entry>(file: string) => {
  const path = resolve(contentDir, file);
  return (JSON.parse(readFileSync(path, 'utf8')) as T[]).map((entry) => withImageFile(entry, path));
};

/** A collection kept as one JSON file per entry in src/content/<folder>, in id order as the site lists it. */
export const readFolder = <T extends Entry & { id: number }>(folder: string) =>
  readEntryFolder<T>(resolve(contentDir, folder)).map(({ file, entry }) => withImageFile(entry, file));
