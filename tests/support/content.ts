// The practice areas and people as a site lists them, read from their folders
// of one JSON file per entry. Vitest and Playwright tests both read them, so
// this is plain node:fs rather than import.meta.glob, which only Vite knows.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'astro/zod';
import type { practiceAreaSchema, teamMemberSchema } from '../../src/content/schemas.ts';

/** The real firm's src/content; tests of another firm pass its own. */
const SITE_CONTENT = fileURLToPath(new URL('../../src/content', import.meta.url));

/** What a file holds as written: the schema's input, with its image a path relative to the file. */
type PracticeAreaFile = z.input<ReturnType<typeof practiceAreaSchema<z.ZodString>>>;
type TeamMemberFile = z.input<ReturnType<typeof teamMemberSchema<z.ZodString>>>;

/** Every entry in `folder`, in id order. */
function entriesIn<T extends { id: number }>(folder: string): T[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as T)
    .sort((a, b) => a.id - b.id);
}

export const readPracticeAreas = (contentDir = SITE_CONTENT) => entriesIn<PracticeAreaFile>(join(contentDir, 'practice-areas'));
export const readTeam = (contentDir = SITE_CONTENT) => entriesIn<TeamMemberFile>(join(contentDir, 'team'));
