// The site's Article: the shape of an entry of the `articles` collection,
// checked by Astro when the loader stores it, and the type pages, components,
// the feed and the browser code are written against. The names are the
// site's own; records.ts maps the content service's fields onto them, so a
// change of content service changes that file and not this one. records.ts
// has already cleaned the values, so the schema guards the loader's own output.
import { z } from 'astro/zod';

/**
 * An image URL that passed the allowlist: a CMS asset or a same-origin path.
 * A CMS asset also carries its size, read at build time (see loader.ts), so
 * the pages can have optimised copies made of it.
 */
const articleImage = z.object({
  url: z.string().min(1),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
});

export const articleEntrySchema = z.object({
  id: z.string().min(1),
  /** Safe for a URL path segment: letters, digits, `-` and `_`. Unique per build. */
  slug: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/),
  title: z.string().min(1),
  /** Empty when the editor wrote none. */
  summary: z.string(),
  /** Underscore-separated words (e.g. `Land_and_Conveyancing`); see categoryLabel(). */
  category: z.string().nullable(),
  /** `YYYY-MM-DD`, or null when the editor left it empty (pages then show updatedAt). */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** Minutes to read it; null when unknown. */
  readingMinutes: z.number().int().positive().nullable(),
  author: z.object({
    /** Empty when the editor wrote none. */
    name: z.string(),
    /** Null when the record has none, or its URL is not an allowed image source. */
    image: articleImage.nullable(),
  }),
  /** The article's main image; null as for the author's. */
  image: articleImage.nullable(),
  /** The body: sanitised HTML, safe to render with `set:html`. */
  html: z.string(),
  /** An ISO date-time, as the content service sent it. */
  createdAt: z.string(),
  /** An ISO date-time, as the content service sent it; createdAt when it sent none. */
  updatedAt: z.string(),
});

/** An article ready for a page: required fields present, HTML sanitised. */
export type Article = z.infer<typeof articleEntrySchema>;

export type ArticleImage = z.infer<typeof articleImage>;
