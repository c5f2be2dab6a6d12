// The firm's static content. Each collection is one JSON file in src/content,
// validated at build time by the schemas in src/content/schemas.ts; image
// fields are paths relative to the JSON file, checked and optimised by image().
// Firm copy that is not a list (hero, process, values...) lives in src/content/firm.ts.
// Articles come from the content service (or the bundled sample file) through
// their own loader, src/lib/articles/loader.ts.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import {
  careerSchema,
  partnerSchema,
  podcastEpisodeSchema,
  practiceAreaSchema,
  teamMemberSchema,
} from './content/schemas';
import { articlesLoader } from './lib/articles/loader';
import { articleEntrySchema } from './lib/articles/entry-schema';

const practiceAreas = defineCollection({
  loader: file('src/content/practice-areas.json'),
  schema: ({ image }) => practiceAreaSchema(image),
});

const team = defineCollection({
  loader: file('src/content/team.json'),
  schema: ({ image }) => teamMemberSchema(image),
});

const podcastEpisodes = defineCollection({
  loader: file('src/content/podcast-episodes.json'),
  schema: ({ image }) => podcastEpisodeSchema(image),
});

const partners = defineCollection({
  loader: file('src/content/partners.json'),
  schema: ({ image }) => partnerSchema(image),
});

const careers = defineCollection({
  loader: file('src/content/careers.json'),
  schema: careerSchema,
});

const articles = defineCollection({
  loader: articlesLoader(),
  schema: articleEntrySchema,
});

export const collections = { practiceAreas, team, podcastEpisodes, partners, careers, articles };
