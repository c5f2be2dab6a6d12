// What a verified delivery asks of the site. Hygraph's payload is
//   { "operation": "publish" | "unpublish" | "delete" | "create" | "update" | …,
//     "data": { "__typename": "Article", "stage": "PUBLISHED" | "DRAFT", "articleTitle", "articleSlug", … } }
// Only what changes the public site (built from the PUBLISHED stage, see
// src/lib/articles/query.ts) starts a build: an Article published to that
// stage, unpublished, or deleted. The rest is answered and ignored, with the reason.
import { isPlainObject } from '../../forms/shared/fields.ts';

/** The model the site's articles are kept in (src/lib/articles/schema.graphql). */
const ARTICLE_MODEL = 'Article';
/** The stage the live site is built from. */
const LIVE_STAGE = 'PUBLISHED';

const VERBS = { publish: 'Published', unpublish: 'Unpublished', delete: 'Deleted' } as const;
type SiteOperation = keyof typeof VERBS;

export type DeliveryDecision =
  | { build: true; operation: SiteOperation; id: string | undefined; slug: string | undefined; title: string }
  | { build: false; reason: string };

/** Most characters of a build's title: Netlify shows it on one line of the deploy list. */
const MAX_TITLE_LENGTH = 200;

/** Text from the payload fit for a one-line title: control characters out, whitespace folded, length capped. */
function oneLine(value: unknown, max = 120): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const isSiteOperation = (value: unknown): value is SiteOperation =>
  typeof value === 'string' && Object.hasOwn(VERBS, value);

/** Decides from a parsed payload; anything of an unexpected shape is ignored, never thrown over. */
export function decide(payload: unknown): DeliveryDecision {
  if (!isPlainObject(payload) || !isPlainObject(payload.data)) {
    return { build: false, reason: 'The payload has no data object, so it names no article.' };
  }
  const { operation, data } = payload;
  const model = oneLine(data.__typename, 64);
  if (model !== ARTICLE_MODEL) {
    return {
      build: false,
      reason: `Only ${ARTICLE_MODEL} entries are shown on the site, not ${model ?? 'this model'}.`,
    };
  }
  if (!isSiteOperation(operation)) {
    const named = oneLine(operation, 32) ?? 'unnamed';
    return {
      build: false,
      reason: `The "${named}" operation does not change the public site; only publish, unpublish and delete do.`,
    };
  }
  const stage = oneLine(data.stage, 32);
  if (operation === 'publish' && stage !== undefined && stage !== LIVE_STAGE) {
    return { build: false, reason: `Published to the ${stage} stage; the public site shows ${LIVE_STAGE} only.` };
  }
  const slug = oneLine(data.articleSlug);
  const name = oneLine(data.articleTitle) ?? slug ?? oneLine(data.id, 64) ?? 'an article';
  const title = `${VERBS[operation]}: ${name}`.slice(0, MAX_TITLE_LENGTH);
  return { build: true, operation, id: oneLine(data.id, 64), slug, title };
}
