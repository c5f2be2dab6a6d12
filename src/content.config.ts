// The firm's static content, validated at build time by the schemas in
// src/content/schemas.ts. Practice areas and people are one JSON file per entry
// (src/content/practice-areas/, src/content/team/), so an editor adds one by
// adding a file; the shorter lists are one JSON array each. Image fields are
// paths relative to their JSON file, checked and optimised by image().
// Firm copy that is not a list (hero, process, values...) lives in
// src/content/firm-copy.ts; the privacy notice is src/content/privacy-notice.md.
// Articles come from the content service (or the bundled sample file) through
// their own loader, src/lib/articles/loader.ts.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import {
  careerSchema,
  partnerSchema,
  podcastEpisodeSchema,
  practiceAreaSchema,
  teamMemberSchema,
} from './content/schemas.ts';
import { articlesLoader } from './lib/articles/loader.ts';
import { articleEntrySchema } from './lib/articles/entry-schema.ts';
import { env } from './env.ts';
import { workLocations } from './forms/application/application.ts';
import { fillPlaceholders, PRIVACY_NOTICE_FILE, privacyNoticeValues, splitNotice } from './lib/privacy.ts';
import { site } from './site.config.ts';

/** Every JSON file directly in `folder`, one entry each; the `id` field inside, not the file name, orders the list. */
const onePerFile = (folder: string) => glob({ pattern: '*.json', base: folder });

const practiceAreas = defineCollection({
  loader: onePerFile('src/content/practice-areas'),
  schema: ({ image }) => practiceAreaSchema(image, site.languages),
});

const team = defineCollection({
  loader: onePerFile('src/content/team'),
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

/**
 * One entry, `privacy`: the notice's sections as rendered Markdown, and its
 * summary's HTML. Loaded on every build, so the retention periods and link
 * lifetime are the ones this build's environment sets.
 */
const privacyNotice = defineCollection({
  loader: {
    name: 'privacy-notice',
    load: async ({ config, store, renderMarkdown, generateDigest, watcher }) => {
      const path = fileURLToPath(new URL(PRIVACY_NOTICE_FILE, config.root));
      const load = async () => {
        const values = privacyNoticeValues({
          site,
          retention: env.retentionDays,
          documentLinkDays: env.documentLinkDays,
          workLocations,
        });
        const notice = fillPlaceholders(await readFile(path, 'utf8'), values);
        const { summary, sections } = splitNotice(notice);
        store.set({
          id: 'privacy',
          data: { summary: (await renderMarkdown(summary)).html },
          rendered: await renderMarkdown(sections),
          digest: generateDigest(notice),
        });
      };
      watcher?.add(path);
      watcher?.on('change', (changed) => {
        if (changed === path) void load();
      });
      await load();
    },
  },
  schema: z.strictObject({ summary: z.string() }),
});

export const collections = { practiceAreas, team, podcastEpisodes, partners, careers, articles, privacyNotice };
