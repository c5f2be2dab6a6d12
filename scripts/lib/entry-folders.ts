// Reads a content collection kept as one JSON file per entry (src/content/team/,
// src/content/practice-areas/) the way the site lists it: in `id` order. Plain
// node:fs, for the tooling and for tests under Vitest and Playwright alike.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every entry in `folder`, in id order, each with the path of the file it came from. */
export function readEntryFolder<T extends { id: number }>(folder: string): Array<{ file: string; entry: T }> {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(folder, name))
    .map((file) => ({ file, entry: JSON.parse(readFileSync(file, 'utf8')) as T }))
    .sort((a, b) => a.entry.id - b.entry.id);
}
