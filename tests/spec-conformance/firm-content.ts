// This firm's real content, parsed by the site's own schemas, for the files
// beside this one to hold to the client's specification as docs/requirements.md
// restates it. The schemas accept any number of each entry, so another firm's
// data (or a ninth practice area) builds and passes the unit and integration
// tests; this folder is where this firm's numbers and words are checked, and it
// changes when the spec (and with it docs/requirements.md) does. Unit tests of
// the content code use tests/support/content-fixtures.ts instead.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';
import careers from '../../src/content/careers.json';
import partners from '../../src/content/partners.json';
import podcastEpisodes from '../../src/content/podcast-episodes.json';
import {
  careerSchema,
  partnerSchema,
  podcastEpisodeSchema,
  practiceAreaSchema,
  teamMemberSchema,
} from '../../src/content/schemas.ts';
import { readPracticeAreas, readTeam } from '../support/content.ts';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const contentDir = resolve(projectRoot, 'src/content');
export const assetsDir = resolve(projectRoot, 'src/assets');

/** Like image(): a path relative to the JSON file, in `dir`, that must point at an existing file in src/assets. */
const imageOnDisk = (dir: string) => () =>
  z
    .string()
    .regex(/^(\.\.\/)+assets\/.+\.(svg|png|jpe?g|webp|avif)$/, 'must be a relative path into src/assets')
    .refine((path) => resolve(dir, path).startsWith(`${assetsDir}/`), 'must be a relative path into src/assets')
    .refine((path) => existsSync(resolve(dir, path)), 'image file does not exist');

/** Where each collection's JSON lives: its images are relative to there. */
export const practiceAreasDir = resolve(contentDir, 'practice-areas');
export const teamDir = resolve(contentDir, 'team');

/** The entries as written, before the schemas: their texts, and their images as paths from their file. */
export const written = {
  practiceAreas: readPracticeAreas(),
  team: readTeam(),
  podcastEpisodes,
  partners,
  careers,
};

const parseAll = <S extends z.ZodType>(schema: S, entries: unknown[]) =>
  entries.map((entry) => schema.parse(entry) as z.output<S>);

export const areas = parseAll(practiceAreaSchema(imageOnDisk(practiceAreasDir)), written.practiceAreas);
export const members = parseAll(teamMemberSchema(imageOnDisk(teamDir)), written.team);
export const episodes = parseAll(podcastEpisodeSchema(imageOnDisk(contentDir)), podcastEpisodes);
export const logos = parseAll(partnerSchema(imageOnDisk(contentDir)), partners);
export const positions = parseAll(careerSchema, careers);
