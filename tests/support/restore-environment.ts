// The shared unit files (vitest.config.ts, isolate off) each start from the
// environment, working folder and exit code their worker began with, so a
// change one of them makes by mistake never reaches the next. Files that mean
// to change the process run apart (tests/support/own-process-files.ts).
import { beforeAll } from 'vitest';

const worker = globalThis as { startingEnvironment?: Record<string, string | undefined> };
const environment = (worker.startingEnvironment ??= { ...process.env });
const folder = process.cwd();

beforeAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  process.chdir(folder);
  process.exitCode = undefined;
});
