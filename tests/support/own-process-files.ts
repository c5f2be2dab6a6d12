// The unit test files that run each in a process of its own (vitest.config.ts):
// the other unit files share their worker's modules and process, so a file that
// changes the process's environment, replaces a module or tests a module's first
// state would change what the files after it see. tests/unit/vitest-projects.test.ts
// keeps this list complete.

/** Files that change the environment (vi.stubEnv, process.env) or replace a module (vi.mock). */
export const CHANGES_THE_PROCESS = [
  'tests/unit/articles/format.test.ts',
  'tests/unit/components/preview-band.test.ts',
  'tests/unit/env.test.ts',
  'tests/unit/server/abuse.test.ts',
  'tests/unit/server/consent.test.ts',
  'tests/unit/server/content-webhook.test.ts',
  'tests/unit/server/desk/access.test.ts',
  'tests/unit/server/documents/docx-readback.test.ts',
  'tests/unit/server/notify/notifications.test.ts',
  'tests/unit/server/preview-deploys.test.ts',
  'tests/unit/server/submissions/retention-function.test.ts',
  'tests/unit/server/submissions/site-settings.test.ts',
  'tests/unit/submissions/data-requests.test.ts',
  'tests/unit/submissions/live-settings.test.ts',
];

/** Files that test a module before something else has loaded into it. */
const TESTS_A_FIRST_STATE = ['tests/unit/forms/shared/phone-before-loading.test.ts'];

export const OWN_PROCESS_FILES = [...CHANGES_THE_PROCESS, ...TESTS_A_FIRST_STATE];
