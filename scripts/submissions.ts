// npm run submissions -- <command>: read, export, resend and delete form
// submissions (see scripts/submissions/cli.ts, or run it with no command).
//
// src/ imports its modules without file extensions, as Astro and Vite do; the
// hook below lets Node resolve them, so the tool runs the functions' own code.
import { registerTsResolution } from './bench/resolve-ts.ts';

registerTsResolution();
const { main } = await import('./submissions/main.ts');
process.exitCode = await main(process.argv.slice(2));
