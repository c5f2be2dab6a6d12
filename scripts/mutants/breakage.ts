// The shape of a deliberate breakage (breakages.ts, record-breakages.ts) and
// the commands that must fail when one is made.
export interface Breakage {
  /** What a visitor, an applicant or the firm's staff would lose. */
  name: string;
  file: string;
  /** Text that occurs exactly once in `file`, and what it becomes. */
  from: string;
  to: string;
  /** The command that must fail, run from the repository's root. */
  command: string;
}

export const unit = (path: string) => `npx vitest run --project unit ${path}`;
export const integration = (path: string) => `npx vitest run --project integration ${path}`;
/** A check over the built pages (the build comes first, as `npm test` makes it). */
export const built = (path: string) => `npx playwright test --project=built ${path}`;
export const browser = (path: string, grep: string) => `npx playwright test --project=browser ${path} -g "${grep}"`;
