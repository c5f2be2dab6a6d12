// POST /api/v1/client/subscribe — article alerts: JSON
// { "email", "categories": ["<slug>", …], "consent": true, "lang" } → 202 { "message" }.
// The logic lives in src/server/alerts/subscribe-handler.ts; this file only routes to it.
import type { Config } from '@netlify/functions';
import { createSubscribeHandler } from '../../src/server/alerts/subscribe-handler.ts';

export default createSubscribeHandler();

// Netlify reads this object from the source, so it must stay a literal. The path is
// SUBSCRIBE_ENDPOINT (src/forms/subscribe/subscribe.ts), written out;
// tests/unit/server/alerts/subscribe.test.ts checks that the two agree. No `method`
// and the same rate limit as the other forms: netlify/functions/contactform.ts says why.
export const config: Config = {
  path: '/api/v1/client/subscribe',
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip'] },
};
