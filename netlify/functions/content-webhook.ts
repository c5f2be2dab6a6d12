// POST /api/v1/content-webhook — the content service's (Hygraph's) webhook.
// A signed delivery of an Article published, unpublished or deleted starts a
// Netlify build through BUILD_HOOK_URL; anything else is answered and ignored.
// The logic lives in src/server/content-webhook/handler.ts; this file only routes to it.
import type { Config } from '@netlify/functions';
import { createContentWebhookHandler } from '../../src/server/content-webhook/handler.ts';

export default createContentWebhookHandler();

// Netlify reads this object from the source, so it must stay a literal. The path
// is CONTENT_WEBHOOK_PATH (src/server/content-webhook/handler.ts), written out;
// tests/unit/server/content-webhook.test.ts checks that the two agree.
export const config: Config = {
  path: '/api/v1/content-webhook',
};
