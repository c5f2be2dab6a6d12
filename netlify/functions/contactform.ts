// POST /api/v1/client/contactform — the contact page's form.
// JSON { "form_data": { name, email, honey, phone, interest, msg } } → { "message" }.
// The logic lives in src/server/handlers.ts; this file only routes to it.
import type { Config } from '@netlify/functions';
import { createContactHandler } from '../../src/server/handlers';

export default createContactHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: '/api/v1/client/contactform',
  method: 'POST',
  // Netlify answers 429 itself past 5 messages a minute from one visitor to one domain.
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
