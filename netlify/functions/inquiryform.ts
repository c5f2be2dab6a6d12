// POST /api/v1/client/inquiryform — the consultation request on each practice-area page.
// JSON { "form_data": { practice, name, email, info, honey } } → { "message" }.
// The logic lives in src/server/handlers.ts; this file only routes to it.
import type { Config } from '@netlify/functions';
import { createConsultationHandler } from '../../src/server/handlers';

export default createConsultationHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: '/api/v1/client/inquiryform',
  method: 'POST',
  // Netlify answers 429 itself past 5 requests a minute from one visitor to one domain.
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
