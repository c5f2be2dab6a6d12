// GET /api/v1/documents/<id>/<field>?expires=…&signature=… — one document of an
// application, through a signed link from the staff notification e-mail.
// The logic lives in src/server/documents/handler.ts; this file only routes to it.
import type { Config } from '@netlify/functions';
import { createDocumentHandler } from '../../src/server/documents/handler.ts';

export default createDocumentHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: '/api/v1/documents/:id/:field',
  method: 'GET',
};
