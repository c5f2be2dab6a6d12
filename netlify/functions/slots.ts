// GET /api/v1/client/slots?place=<id> — the consultation times a meeting place still offers
// → { "slots": [{ "start", "end" }, …] }. The logic lives in src/server/bookings/slots-endpoint.ts.
import type { Config } from '@netlify/functions';
import { createSlotsHandler } from '../../src/server/bookings/slots-endpoint.ts';

export default createSlotsHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: '/api/v1/client/slots',
  // A visitor choosing a place loads its times once or twice; a script asking again and again is not a visitor.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip'] },
};
