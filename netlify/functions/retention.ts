// Scheduled once a day: deletes submissions past the periods the privacy
// notice states (RETENTION_APPLICATION_DAYS, default 365; RETENTION_ENQUIRY_DAYS,
// default 730), oldest first and within 20 seconds, in the firm's store and in
// the previews' (submissions-preview), after recording the settings it runs
// with (settings/site), and logs the ids and counts it deleted. The logic is
// src/server/submissions/retention-handler.ts and the purge it runs,
// src/server/submissions/retention.ts, which `npm run submissions -- purge`
// runs by hand. Why: docs/architecture.md, "The retention function".
import type { Config } from '@netlify/functions';
import { env } from '../../src/env.ts';
import { logError, logInfo } from '../../src/server/http/responses.ts';
import { createRetentionHandler } from '../../src/server/submissions/retention-handler.ts';
import { recordSiteSettings } from '../../src/server/submissions/site-settings.ts';
import {
  openFullSubmissionStore,
  PREVIEW_SUBMISSIONS_STORE,
  submissionStoreName,
  SUBMISSIONS_STORE,
} from '../../src/server/submissions/store.ts';

const purgeStore = (name: string) =>
  createRetentionHandler({
    openStore: () => openFullSubmissionStore(name),
    log: (entry) => logInfo({ store: name, ...entry }),
    logError: (entry) => logError({ store: name, ...entry }),
  });

export default async (): Promise<Response> => {
  // Into this deploy's own store only: a preview's functions record the preview's.
  await recordSiteSettings(openFullSubmissionStore(submissionStoreName())).catch((error: unknown) =>
    logError({ what: 'record the site’s settings for the staff tool', detail: String(error) }),
  );
  // Should a preview ever run it, it must not touch the firm's store with the preview's settings.
  const stores = env.isPreviewDeploy ? [PREVIEW_SUBMISSIONS_STORE] : [SUBMISSIONS_STORE, PREVIEW_SUBMISSIONS_STORE];
  const responses = await Promise.all(stores.map((name) => purgeStore(name)()));
  return responses.find((response) => response.status !== 204) ?? new Response(null, { status: 204 });
};

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  schedule: '@daily',
};
