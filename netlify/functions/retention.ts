// Scheduled once a day: deletes submissions older than the privacy notice says
// they are kept (applications with their documents after RETENTION_APPLICATION_DAYS,
// default 365; contact messages and consultation requests after
// RETENTION_ENQUIRY_DAYS, default 730), and logs the ids and counts it deleted.
// Each type is listed oldest first and only as far as what is past its period;
// a run starts nothing new after 20 seconds, listing included, and the next run
// finds what is left.
// The logic lives in src/server/submissions/retention.ts;
// `npm run submissions -- purge` runs the same code by hand.
import type { Config } from '@netlify/functions';
import { createRetentionHandler } from '../../src/server/submissions/retention.ts';

export default createRetentionHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  schedule: '@daily',
};
