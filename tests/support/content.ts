// The practice areas and people as a site lists them, read from their folders
// of one JSON file per entry. Vitest and Playwright tests both read them, so
// they are read from disk (scripts/lib/entry-folders.ts, which the image
// generator shares) rather than with import.meta.glob, which only Vite knows.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'astro/zod';
import type { practiceAreaSchema, teamMemberSchema } from '../../src/content/schemas.ts';
import { readEntryFolder } from '../../scripts/lib/entry-folders.ts';

/** The real firm's src/content; tests of another firm pass its own. */
const SITE_CONTENT = fileURLToPath(new URL('../../src/content', import.meta.url));

/** What a file holds as written: the schema's input, with its image a path relative to the file. */
type PracticeAreaFile = z.input<ReturnType<typeof practiceAreaSchema<z.ZodString>>>;
type TeamMemberFile = z.input<ReturnType<typeof teamMemberSchema<z.ZodString>>>;

/** Every entry in `folder`, in id order. */
const entriesIn = <T extends { id: number }>(folder: string): T[] =>
  readEntryFolder<T>(folder).map(({ entry }) => entry);

export const readPracticeAreas = (contentDir = SITE_CONTENT) =>
  entriesIn<PracticeAreaFile>(join(contentDir, 'practice-areas'));
export const readTeam = (contentDir = SITE_CONTENT) => entriesIn<TeamMemberFile>(join(contentDir, 'team'));
