// npm run gates: the checks every change passes before any test runs — types
// (astro check) beside format, lint and unused code, two lanes for two cores.
// Each gate's output is printed when it ends; the first failure stops the
// rest, and the exit code says whether all passed (docs/quality.md#the-gates).
import { spawn, type ChildProcess } from 'node:child_process';

const LANES: readonly (readonly string[])[] = [['check'], ['format:check', 'lint', 'lint:unused']];

const running = new Set<ChildProcess>();
let failed = false;

function run(script: string): Promise<boolean> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      running.delete(child);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (signal) return resolve(false);
      process.stdout.write(`${output}${code === 0 ? '✓' : '✗'} npm run ${script} (${seconds} s)\n`);
      resolve(code === 0);
    });
  });
}

async function lane(scripts: readonly string[]): Promise<void> {
  for (const script of scripts) {
    if (failed) return;
    if (!(await run(script))) {
      failed = true;
      for (const child of running) child.kill('SIGTERM');
    }
  }
}

await Promise.all(LANES.map(lane));
process.exitCode = failed ? 1 : 0;
