// Scheduled every 5 minutes: e-mails each newly published article to the
// confirmed subscribers of its category once its page is live, a bounded run
// at a time, and tries again the confirmation e-mails that failed. The logic
// lives in src/server/alerts/send-run.ts. Locally, `npm start` runs it when it
// is POSTed at /.netlify/functions/send-alerts.
import type { Config } from '@netlify/functions';
import { createSendAlertsHandler } from '../../src/server/alerts/send-handler.ts';

export default createSendAlertsHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  schedule: '*/5 * * * *',
};
