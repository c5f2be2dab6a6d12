// The article of the draft preview (/preview/insight/<slug>,
// src/pages/preview/insight/[slug].astro): what editors last saved in the
// content service (its DRAFT stage), read when the preview is asked for, and
// cleaned exactly as a build cleans an article (records.ts): the same
// validation, sanitising and image allowlist. Its CMS images are neither
// sized nor optimised: the page shows them straight from the asset host.
import { timingSafeEqual, createHash } from 'node:crypto';
import { env } from '../../env.ts';
import type { Article } from './entry-schema.ts';
import { SAFE_SLUG, toArticle, validateRecords } from './records.ts';
import { fetchArticleRecord, type ArticleSourceOptions } from './source.ts';

/**
 * How long a preview waits for the content service: an editor is waiting,
 * and a function that has not answered in 10 s is ended by Netlify.
 */
const DRAFT_TIMEOUT_MS = 6_000;

/** Most characters of a token read: more cannot be the secret and is not hashed. */
const MAX_TOKEN_LENGTH = 512;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when `given` is the preview secret. Without a secret nothing is
 * accepted. Both sides are hashed first, so the comparison takes the same
 * time whatever the token's length and wherever it first differs.
 */
export function previewTokenAccepted(given: string | null, secret: string | undefined): boolean {
  if (!secret || given === null || given.length > MAX_TOKEN_LENGTH) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

export interface DraftOptions extends Pick<ArticleSourceOptions, 'endpoint' | 'token' | 'fetch' | 'timeoutMs'> {
  assetHosts: readonly string[];
  siteUrl: string;
}

const draftOptionsFromEnv = (): DraftOptions => ({
  endpoint: env.contentApiUrl,
  token: env.contentApiToken,
  assetHosts: env.contentAssetHosts,
  siteUrl: env.siteUrl,
});

/**
 * The article with this slug as it stands in the DRAFT stage, cleaned, or
 * null when there is none or its record is unusable (no title, say). A slug
 * no article could have is never sent to the service. Throws when the
 * service fails (source.ts).
 */
export async function fetchDraftArticle(
  slug: string,
  options: DraftOptions = draftOptionsFromEnv(),
): Promise<Article | null> {
  if (!SAFE_SLUG.test(slug)) return null;
  const record = await fetchArticleRecord(slug, { timeoutMs: DRAFT_TIMEOUT_MS, ...options, stage: 'DRAFT' });
  if (!record) return null;
  const [valid] = validateRecords([record]).valid;
  return valid ? toArticle(valid, options).article : null;
}
