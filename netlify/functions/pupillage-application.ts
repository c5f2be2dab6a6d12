// POST /api/v1/client/pupillage-application — the pupillage application form.
// multipart/form-data: a "data" part (JSON of the fields) and four "uploaded_files"
// parts (cv_file, kcse_file, ksl_file, llb_degree_file) → { "message" }.
// The logic lives in src/server/handlers.ts; this file only routes to it.
import type { Config } from '@netlify/functions';
import { createApplicationHandler } from '../../src/server/handlers';

export default createApplicationHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: '/api/v1/client/pupillage-application',
  method: 'POST',
  // Netlify answers 429 itself past 3 uploads a minute from one visitor to one domain.
  rateLimit: { windowLimit: 3, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
