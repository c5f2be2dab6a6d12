// Starts scripts/serve.ts in a child process on a free port (for a test or the
// bench), and stops it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serveScript = fileURLToPath(new URL('../serve.ts', import.meta.url));

export interface RunningServer {
  url: string;
  /** The server's process, which runs the functions too (in worker threads); what they start are its children. */
  pid: number;
  stop(): Promise<void>;
}

/** `script`: another version's serve.ts (the bench's baseline); this checkout's by default. */
export async function startServe(
  projectRoot: string,
  env: NodeJS.ProcessEnv = {},
  script: string = serveScript,
): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [script, projectRoot], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/ on (http:\/\/\S+:\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
