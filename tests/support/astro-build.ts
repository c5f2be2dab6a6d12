// `astro build` in a child process, for integration tests that build a site:
// its exit code and everything it printed, killed if it outlives `timeoutMs`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface BuildResult {
  code: number | null;
  output: string;
}

interface BuildOptions {
  /** The project root to build (its node_modules holds Astro). */
  root: string;
  args?: readonly string[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

export function astroBuild({ root, args = [], env, timeoutMs }: BuildOptions): Promise<BuildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
