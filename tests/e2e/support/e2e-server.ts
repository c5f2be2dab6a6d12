// Where the browser tests' server listens, and the project folder it serves:
// a functions-only view of this checkout (tests/support/functions-only-project.ts)
// holding the build of serve-site.ts, made anew at each start. Its state —
// the Blobs, the database, the address files the staff tool reads — is its own,
// never the store `npm start` keeps for the developer.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8890);

/** The project folder the e2e server serves; the tests read what it stored from there. */
export const E2E_ROOT = join(tmpdir(), `mno-e2e-site-${E2E_PORT}`);
