// Fast editing: Astro's dev server (hot reload) with /api/* proxied to the
// functions served by scripts/serve.ts on FUNCTIONS_PORT (default 8888).
import { spawn } from 'node:child_process';

const functionsPort = process.env.FUNCTIONS_PORT ?? '8888';
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FUNCTIONS_PORT: functionsPort };
const children = [
  spawn(process.execPath, ['scripts/serve.ts'], { stdio: 'inherit', env: { ...env, PORT: functionsPort } }),
  spawn('npx', ['astro', 'dev'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
