// Shared by the content tests: the data files as plain JSON, and an image schema
// that stands in for Astro's image() by checking the file exists next to the data.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';

export const contentDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/content');

/** Like image(): a path relative to src/content that must point at an existing file. */
export const imageOnDisk = () =>
  z
    .string()
    .regex(/^\.\.\/assets\/.+\.(svg|png|jpe?g|webp|avif)$/, 'must be a relative path into src/assets')
    .refine((path) => existsSync(resolve(contentDir, path)), 'image file does not exist');

/** What Astro's image() would accept for a parse that should fail on another field. */
export const anyImage = () => z.string();
