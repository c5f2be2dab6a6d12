// Zod schemas for the firm's static content. content.config.ts wires them to
// the collections (passing Astro's image() helper); unit tests pass a plain
// string schema instead, so every data file can be parsed without Astro.
import { z } from 'astro/zod';
import type { Language } from '../lib/i18n/languages.ts';
import { PARTNER_SECTORS } from '../lib/partners.ts';
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from '../lib/seo.ts';

/** Builds the schema of an image field. Astro passes image(); tests pass () => z.string(). */
export type ImageSchemaFactory<I extends z.ZodType> = () => I;

const text = z.string().trim().min(1, 'must not be empty');
const paragraphs = z.array(text);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');
/** Spotify and Google Podcasts links are empty in the client's data; a real URL is also accepted. */
const optionalLink = z.union([z.literal(''), z.url()]);

/**
 * What every entry with a page of its own has: an id that orders the lists, a
 * title, the slug of its page, a summary for the lists, and the page's link.
 */
const pageEntry = {
  id: z.number().int().nonnegative(),
  title: text,
  url_param: slug,
  description: text,
  link: text,
};

/** The link must be the page the slug makes, so a list never points elsewhere. */
const linkFromSlug =
  (linkOf: (urlParam: string) => string) => (entry: { link: string; url_param: string }, ctx: z.RefinementCtx) => {
    if (entry.link !== linkOf(entry.url_param)) {
      ctx.addIssue({ code: 'custom', path: ['link'], message: `must be "${linkOf(entry.url_param)}"` });
    }
  };

// ---------------------------------------------------------------------------
// Practice areas
// ---------------------------------------------------------------------------

const practiceAreaLink = (urlParam: string) => `/practice-area/${urlParam}`;

/**
 * An area's success stories, if it has any. An empty list (`[]`) is read as
 * none, the same as leaving the key out: the firm may empty them (an advocate's
 * advertisement may not identify a client, docs/content.md#client-logos-and-success-stories)
 * and the page then leaves the section out.
 */
const successStories = z
  .array(z.strictObject({ title: text, text }))
  .optional()
  .transform((stories) => (stories?.length ? stories : undefined));

/**
 * A practice area's words in Kiswahili (`sw`), field for field the English
 * ones: the services and success stories in the same order, as many of each.
 */
const practiceAreaTranslation = z.strictObject({
  title: text,
  description: text,
  action_title: text,
  definition: text,
  explanation: paragraphs,
  service_list: z.array(z.strictObject({ title: text, description: text })).min(1),
  service_description: paragraphs.optional(),
  success_stories: successStories,
});

type PracticeAreaWords = {
  service_list: readonly unknown[];
  service_description?: readonly unknown[] | undefined;
  success_stories?: readonly unknown[] | undefined;
};

/** The translation has what the English has: as many services and stories, and the same optional parts. */
const matchesEnglish = (english: PracticeAreaWords, translated: PracticeAreaWords, ctx: z.RefinementCtx) => {
  for (const field of ['service_list', 'service_description', 'success_stories'] as const) {
    const [was, is] = [english[field], translated[field]];
    if (was?.length !== is?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['sw', field],
        message: was ? `must have ${was.length} entries, as the English has` : 'must be left out, as the English is',
      });
    }
  }
};

/**
 * `translations`: the languages besides English the site is in (site.config.ts
 * `languages`); each entry must then carry its words in each, so a practice
 * area added without its Kiswahili fails the build, naming the file.
 */
export const practiceAreaSchema = <I extends z.ZodType>(
  image: ImageSchemaFactory<I>,
  translations: readonly Language[] = [],
) =>
  z
    .strictObject({
      ...pageEntry,
      image: image(),
      /** Heading at the top of the detail page. */
      action_title: text,
      definition: text,
      explanation: paragraphs,
      service_list: z.array(z.strictObject({ id: z.number().int().positive(), title: text, description: text })).min(1),
      service_description: paragraphs.optional(),
      success_stories: successStories,
      /**
       * The CMS article categories (as the CMS writes them, e.g. `Land_and_Conveyancing`)
       * whose articles this practice area's page lists as its latest insights.
       */
      article_categories: z
        .array(
          z.string().regex(/^[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*$/, 'must be a CMS category, words joined by underscores'),
        )
        .optional(),
      /** The area's words in Kiswahili, for its /sw/ pages; required when the site is in Kiswahili. */
      sw: practiceAreaTranslation.optional(),
    })
    .superRefine(linkFromSlug(practiceAreaLink))
    .superRefine((area, ctx) => {
      if (area.sw) matchesEnglish(area, area.sw, ctx);
      else if (translations.includes('sw')) {
        ctx.addIssue({
          code: 'custom',
          path: ['sw'],
          message: 'must give the area in Kiswahili: the site is in Kiswahili too (site.config.ts `languages`)',
        });
      }
    });

// ---------------------------------------------------------------------------
// Team
// ---------------------------------------------------------------------------

export const TEAM_POSITIONS = [
  'Senior Partner',
  'Managing Partner',
  'Partner',
  'Senior Associate',
  'Associate',
  'Administrator',
] as const;

export const teamMemberSchema = <I extends z.ZodType>(image: ImageSchemaFactory<I>) =>
  z.strictObject({
    id: z.number().int().nonnegative(),
    name: text,
    position: z.enum(TEAM_POSITIONS),
    image: image(),
    /** Two or three sentences: admission, education, practice focus. */
    description: text,
  });

// ---------------------------------------------------------------------------
// Podcast episodes
// ---------------------------------------------------------------------------

export const podcastEpisodeSchema = <I extends z.ZodType>(image: ImageSchemaFactory<I>) =>
  z.strictObject({
    id: z.number().int().nonnegative(),
    episode_no: z.number().int().positive(),
    /** Running time as shown, e.g. "63 minutes". */
    time: z.string().regex(/^\d+ minutes$/, 'must read like "63 minutes"'),
    title: text,
    description: text,
    spotify_link: optionalLink,
    youtube_link: z
      .string()
      .regex(
        /^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9_-]{11}$/,
        'must be https://www.youtube.com/watch?v=<11-character video id>',
      ),
    google_link: optionalLink,
    image: image(),
    /** True on the newest five episodes. */
    highlight: z.boolean().optional(),
  });

// ---------------------------------------------------------------------------
// Partner logos
// ---------------------------------------------------------------------------

export const partnerSchema = <I extends z.ZodType>(image: ImageSchemaFactory<I>) =>
  z.strictObject({
    id: z.number().int().nonnegative(),
    image: image(),
    /** Organisation name, used as the logo's alt text. */
    name: text,
    sector: z.enum(PARTNER_SECTORS),
  });

// ---------------------------------------------------------------------------
// Careers
// ---------------------------------------------------------------------------

const careerLink = (urlParam: string) => `/careers/${urlParam}`;

export const careerSchema = z
  .strictObject({
    ...pageEntry,
    intro: paragraphs.min(1),
    requirements: z.strictObject({
      title: text,
      description: text,
      /** The page numbers the first four items; each item is one or more lines of text. */
      items: z.array(z.strictObject({ text: paragraphs.min(1) })).min(1),
    }),
    /** Closing date as written in the notice, e.g. "15th of September, 2024". */
    application_deadline: text,
  })
  .superRefine(linkFromSlug(careerLink));

// ---------------------------------------------------------------------------
// Firm copy (src/content/firm.ts): page descriptions, home hero, client process,
// what sets us apart, about page and Who We Are section.
// ---------------------------------------------------------------------------

const titled = z.strictObject({ title: text, description: text });
/** A meta description as search engines show it whole. */
const pageDescription = text
  .min(DESCRIPTION_MIN, `must be at least ${DESCRIPTION_MIN} characters`)
  .max(DESCRIPTION_MAX, `must be at most ${DESCRIPTION_MAX} characters`);

/** The firm copy's words in Kiswahili (`sw`): the same parts, less the images, whose alt texts it gives. */
const firmTranslation = z.strictObject({
  descriptions: z.strictObject({ home: pageDescription, about: pageDescription }),
  hero: z.strictObject({ tagline: text, subTagline: text }),
  clientProcess: z.array(titled).min(1),
  whatSetsUsApart: z.strictObject({ heading: text, intro: text, items: z.array(titled).min(1) }),
  about: z.strictObject({
    heroImageAlts: z.array(z.string()).min(1),
    history: paragraphs.min(1),
    mission: text,
    vision: text,
    values: z.array(titled).min(1),
  }),
  whoWeAre: z.strictObject({ heading: text, lead: text, paragraphs: paragraphs.min(1) }),
  /** The opening days (site.config.ts `openingHours.days`) in Kiswahili. */
  openingDays: text,
});

/** `translations`: as for practiceAreaSchema, the languages besides English the site is in. */
export const firmSchema = <I extends z.ZodType>(
  image: ImageSchemaFactory<I>,
  translations: readonly Language[] = [],
) => {
  const picture = z.strictObject({ src: image(), alt: z.string() });
  const copy = z.strictObject({
    /** The meta descriptions of the home and About pages, which describe the firm itself. */
    descriptions: z.strictObject({ home: pageDescription, about: pageDescription }),
    hero: z.strictObject({
      /** Animated word by word on the home page. */
      tagline: text,
      subTagline: text,
    }),
    clientProcess: z.array(titled).min(1),
    whatSetsUsApart: z.strictObject({
      heading: text,
      intro: text,
      items: z.array(titled).min(1),
    }),
    about: z.strictObject({
      heroImages: z.array(picture).min(1),
      history: paragraphs.min(1),
      mission: text,
      vision: text,
      values: z.array(titled).min(1),
    }),
    whoWeAre: z.strictObject({
      heading: text,
      lead: text,
      paragraphs: paragraphs.min(1),
      images: z.array(picture),
    }),
    applicationSuccessImage: picture,
    defaultShareImage: picture,
    /** The copy in Kiswahili, for the /sw/ pages; required when the site is in Kiswahili. */
    sw: firmTranslation.optional(),
  });
  return copy.superRefine((firm, ctx) => {
    if (!firm.sw) {
      if (translations.includes('sw')) {
        ctx.addIssue({
          code: 'custom',
          path: ['sw'],
          message: 'must give the copy in Kiswahili: the site is in Kiswahili too (site.config.ts `languages`)',
        });
      }
      return;
    }
    const counts = [
      ['clientProcess', firm.clientProcess, firm.sw.clientProcess],
      ['whatSetsUsApart.items', firm.whatSetsUsApart.items, firm.sw.whatSetsUsApart.items],
      ['about.heroImageAlts', firm.about.heroImages, firm.sw.about.heroImageAlts],
      ['about.values', firm.about.values, firm.sw.about.values],
    ] as const;
    for (const [path, english, translated] of counts) {
      if (english.length !== translated.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['sw', ...path.split('.')],
          message: `must have ${english.length} entries, as the English has`,
        });
      }
    }
  });
};
