// npm run submissions -- <command>: read, export, resend and delete form
// submissions (see scripts/submissions/cli.ts, or run it with no command).
import { main } from './submissions/main.ts';

process.exitCode = await main(process.argv.slice(2));
