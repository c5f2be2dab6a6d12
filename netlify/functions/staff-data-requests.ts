// The staff desk's data requests, for partners (/api/v1/staff/data-requests/…).
// The logic lives in src/server/desk/data-requests-handler.ts.
import type { Config } from '@netlify/functions';
import { createDataRequestsHandler } from '../../src/server/desk/data-requests-handler.ts';

export default createDataRequestsHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: '/api/v1/staff/data-requests/*',
};
