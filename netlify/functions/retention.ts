// Scheduled once a day: deletes submissions older than the privacy notice says
// they are kept (applications with their documents after RETENTION_APPLICATION_DAYS,
// default 365; contact messages and consultation requests after
// RETENTION_ENQUIRY_DAYS, default 730), and logs the ids and counts it deleted.
// Each type is listed oldest first and only as far as what is past its period;
// a run starts nothing new after 20 seconds, listing included, and the next run
// finds what is left.
// The logic lives in src/server/submissions/retention.ts;
// `npm run submissions -- purge` runs the same code by hand.
//
// Netlify runs scheduled functions only on the published (production) deploy,
// so this one also purges the store deploy previews and branch deploys write
// to (submissions-preview), which otherwise nothing would: the two run side
// by side, each within its own time limit. It first records the settings it
// runs with in its own store (settings/site), so the staff tool purges by the
// site's periods, not those of whoever runs it.
import type { Config } from '@netlify/functions';
import { env } from '../../src/env.ts';
import { logError, logInfo } from '../../src/server/http/responses.ts';
import { createRetentionHandler } from '../../src/server/submissions/retention.ts';
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
