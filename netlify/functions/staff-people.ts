// The staff desk's people and audit trail, for partners (/api/v1/staff/people…,
// /audit). The logic lives in src/server/desk/people-handler.ts.
import type { Config } from '@netlify/functions';
import { createPeopleHandler } from '../../src/server/desk/people-handler.ts';

export default createPeopleHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: ['/api/v1/staff/people', '/api/v1/staff/people/*', '/api/v1/staff/audit'],
};
