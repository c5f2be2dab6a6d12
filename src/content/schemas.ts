// Zod schemas for the firm's static content. content.config.ts wires them to
// the collections (passing Astro's image() helper); unit tests pass a plain
// string schema instead, so every data file can be parsed without Astro.
import { z } from 'astro/zod';
import { PARTNER_SECTORS } from '../lib/partners';

/** Builds the schema of an image field. Astro passes image(); tests pass () => z.string(). */
export type ImageSchemaFactory<I extends z.ZodType> = () => I;

const text = z.string().trim().min(1, 'must not be empty');
const paragraphs = z.array(text);
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');
/** Spotify and Google Podcasts links are empty in the client's data; a real URL is also accepted. */
const optionalLink = z.union([z.literal(''), z.url()]);

// ---------------------------------------------------------------------------
// Practice areas
// ---------------------------------------------------------------------------

/** url_param of each practice area, in order of id (0–7). The first six are the home carousel. */
export const PRACTICE_AREA_URL_PARAMS = [
  'transgenerational-estate-planning',
  'commercial-and-corporate-law',
  'employment-law',
  'immigration-law',
  'legal-audit-and-compliance',
  'conveyance-and-real-estate',
  'dispute-resolution',
  'banking-and-securitization',
] as const;

export type PracticeAreaUrlParam = (typeof PRACTICE_AREA_URL_PARAMS)[number];

/** The only practice area that carries success stories, and how many. */
export const SUCCESS_STORIES_PRACTICE: PracticeAreaUrlParam = 'commercial-and-corporate-law';
export const SUCCESS_STORIES_COUNT = 5;

export const practiceAreaLink = (urlParam: string) => `/practice-area/${urlParam}`;

export const practiceAreaSchema = <I extends z.ZodType>(image: ImageSchemaFactory<I>) =>
  z
    .strictObject({
      id: z.number().int().min(0).max(PRACTICE_AREA_URL_PARAMS.length - 1),
      title: text,
      url_param: z.enum(PRACTICE_AREA_URL_PARAMS),
      /** Short summary for cards and the listing page. */
      description: text,
      link: text,
      image: image(),
      /** Heading at the top of the detail page. */
      action_title: text,
      definition: text,
      explanation: paragraphs,
      service_list: z
        .array(z.strictObject({ id: z.number().int().positive(), title: text, description: text }))
        .min(1),
      service_description: paragraphs.optional(),
      success_stories: z.array(z.strictObject({ title: text, text })).optional(),
      /**
       * The CMS article categories (as the CMS writes them, e.g. `Land_and_Conveyancing`)
       * whose articles this practice area's page lists as its latest insights.
       */
      article_categories: z.array(z.string().regex(/^[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*$/, 'must be a CMS category, words joined by underscores')).optional(),
    })
    .superRefine((area, ctx) => {
      if (area.url_param !== PRACTICE_AREA_URL_PARAMS[area.id]) {
        ctx.addIssue({
          code: 'custom',
          path: ['url_param'],
          message: `practice area ${area.id} must have url_param "${PRACTICE_AREA_URL_PARAMS[area.id]}"`,
        });
      }
      if (area.link !== practiceAreaLink(area.url_param)) {
        ctx.addIssue({
          code: 'custom',
          path: ['link'],
          message: `must be "${practiceAreaLink(area.url_param)}"`,
        });
      }
      const stories = area.success_stories;
      if (area.url_param === SUCCESS_STORIES_PRACTICE) {
        if (stories?.length !== SUCCESS_STORIES_COUNT) {
          ctx.addIssue({
            code: 'custom',
            path: ['success_stories'],
            message: `${SUCCESS_STORIES_PRACTICE} must have exactly ${SUCCESS_STORIES_COUNT} success stories`,
          });
        }
      } else if (stories !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['success_stories'],
          message: `only ${SUCCESS_STORIES_PRACTICE} has success stories`,
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

export type TeamPosition = (typeof TEAM_POSITIONS)[number];

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

export const careerLink = (urlParam: string) => `/careers/${urlParam}`;

export const careerSchema = z
  .strictObject({
    id: z.number().int().nonnegative(),
    title: text,
    url_param: slug,
    /** One or two sentences for the Open Positions list. */
    description: text,
    link: text,
    intro: paragraphs.min(1),
    requirements: z.strictObject({
      title: text,
      description: text,
      /** The page numbers the first four items; each item is one or more lines of text. */
      items: z.array(z.strictObject({ text: paragraphs.min(1) })).min(4),
    }),
    /** Closing date as written in the notice, e.g. "15th of September, 2024". */
    application_deadline: text,
  })
  .superRefine((career, ctx) => {
    if (career.link !== careerLink(career.url_param)) {
      ctx.addIssue({ code: 'custom', path: ['link'], message: `must be "${careerLink(career.url_param)}"` });
    }
  });

// ---------------------------------------------------------------------------
// Firm copy (src/content/firm.ts): home hero, client process, what sets us apart,
// about page and Who We Are section.
// ---------------------------------------------------------------------------

const titled = z.strictObject({ title: text, description: text });

export const firmSchema = <I extends z.ZodType>(image: ImageSchemaFactory<I>) => {
  const picture = z.strictObject({ src: image(), alt: z.string() });
  return z.strictObject({
    hero: z.strictObject({
      /** Animated word by word on the home page. */
      tagline: text,
      subTagline: text,
    }),
    clientProcess: z.array(titled).length(6),
    whatSetsUsApart: z.strictObject({
      heading: text,
      intro: text,
      items: z.array(titled).length(5),
    }),
    about: z.strictObject({
      heroImages: z.array(picture).length(3),
      history: paragraphs.min(1),
      mission: text,
      vision: text,
      values: z.array(titled).length(5),
    }),
    whoWeAre: z.strictObject({
      heading: text,
      lead: text,
      paragraphs: paragraphs.length(2),
      images: z.array(picture).length(2),
    }),
    applicationSuccessImage: picture,
    defaultShareImage: picture,
  });
};
