// The shape of an entry of the `articles` collection, checked by Astro when
// the loader stores it. It is the Article of types.ts: records.ts has already
// cleaned the values, so this guards the loader's own output.
import { z } from 'astro/zod';
import type { Article } from './types.ts';

const image = z
  .object({ url: z.string().min(1), width: z.number().positive().optional(), height: z.number().positive().optional() })
  .nullable();

export const articleEntrySchema = z.object({
  id: z.string().min(1),
  articleTitle: z.string().min(1),
  articleSlug: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/),
  articleSummary: z.string(),
  authorName: z.string(),
  authorImage: image,
  articleMainImage: image,
  articleContent: z.object({ html: z.string() }),
  approximateTimeOfRead: z.number().int().positive().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  articleCategory: z.string().nullable(),
  articleDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
}) satisfies z.ZodType<Article>;
