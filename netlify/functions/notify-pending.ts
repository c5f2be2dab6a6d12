// Scheduled every 10 minutes: e-mails the firm about every stored submission
// whose notification failed and is due again (the first retry on the next
// run, then backing off to every 6 hours, for a week), records each attempt on
// its record, and once a day logs an error naming what has waited over a day
// (and e-mails staff a digest of it). A run starts nothing new after 20
// seconds; the next one goes on. The logic lives in src/server/notify/handler.ts;
// `npm run submissions -- resend --pending` runs the same code by hand.
// Locally, `npm start` runs it when it is POSTed at /.netlify/functions/notify-pending.
import type { Config } from '@netlify/functions';
import { createNotifyPendingHandler } from '../../src/server/notify/handler.ts';

export default createNotifyPendingHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  schedule: '*/10 * * * *',
};
