// Scheduled once a day: deletes submissions past the periods the privacy
// notice states (RETENTION_APPLICATION_DAYS, default 365; RETENTION_ENQUIRY_DAYS,
// default 730), in batches by date within 20 seconds, from this deploy's
// database (a preview has its own branch of it) and their documents from its
// Blobs store, after recording the settings it runs with (the settings row 'site'), and
// logs the ids and counts it deleted. The logic is
// src/server/submissions/retention-handler.ts and the purge it runs,
// src/server/submissions/retention.ts, which `npm run submissions -- purge`
// runs by hand. Why: docs/architecture.md, "The retention function".
import type { Config } from '@netlify/functions';
import { logError } from '../../src/server/http/responses.ts';
import { createRetentionHandler } from '../../src/server/submissions/retention-handler.ts';
import { recordSiteSettings } from '../../src/server/submissions/site-settings.ts';
import { openDatabase } from '../../src/server/db/database.ts';

const purge = createRetentionHandler();

export default async (): Promise<Response> => {
  // Into this deploy's own database: a preview's functions record the preview's.
  await recordSiteSettings(openDatabase()).catch((error: unknown) =>
    logError({ what: 'record the site’s settings for the staff tool', detail: String(error) }),
  );
  return purge();
};

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  schedule: '@daily',
};
