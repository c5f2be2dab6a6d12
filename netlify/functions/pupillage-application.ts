// POST /api/v1/client/pupillage-application — the pupillage application form.
// multipart/form-data: a "data" part (JSON of the fields) and four "uploaded_files"
// parts (cv_file, kcse_file, ksl_file, llb_degree_file) → { "message" }.
// The logic lives in src/server/application-handler.ts; this file only routes to it.
import type { Config } from '@netlify/functions';
import { createApplicationHandler } from '../../src/server/application-handler.ts';

export default createApplicationHandler();

// Netlify reads this object from the source, so it must stay a literal. The path is
// the form's APPLICATION_ENDPOINT (src/forms/application/application.ts), written out;
// tests/unit/server/pupillage-application.test.ts checks that the two agree.
export const config: Config = {
  path: '/api/v1/client/pupillage-application',
  // No `method`, so every method reaches the handler, which answers all but POST
  // with 405 (with `method: 'POST'`, Netlify answered a GET with the site's 404 page).
  // Netlify answers 429 itself past 3 requests a minute, of any method, from one
  // visitor (IP address), counted across every host the site answers on (its
  // domain, www, the netlify.app address): counted per host too ('domain'),
  // the limit multiplied by the number of hosts. The forms only ever POST, so
  // people are counted as before. A day's total is capped in the handler
  // (src/server/submissions/daily-limit.ts).
  rateLimit: { windowLimit: 3, windowSize: 60, aggregateBy: ['ip'] },
};
