// The staff desk's records: inbox, a record, its documents, consultations and
// alerts (/api/v1/staff/records…, /consultations…, /alerts). The logic lives in
// src/server/desk/records-handler.ts.
import type { Config } from '@netlify/functions';
import { createRecordsHandler } from '../../src/server/desk/records-handler.ts';

export default createRecordsHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: [
    '/api/v1/staff/records',
    '/api/v1/staff/records/*',
    '/api/v1/staff/consultations',
    '/api/v1/staff/consultations/*',
    '/api/v1/staff/alerts',
  ],
};
