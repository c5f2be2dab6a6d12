// Lighthouse and chrome-launcher are this folder's package, not the project's dev
// dependencies: with theirs they are some 35,000 files that only the bench's lighthouse
// stage runs, and every `npm ci && npm test` would install them. That stage calls
// loadLighthouseTools(), which installs them here on first use (and again when this
// folder's package-lock.json changes), then imports them from here. Only what the stage
// reads of them is typed below, so the type check needs none of them installed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('.', import.meta.url));
/** Written after `npm ci` succeeds (npm ci empties node_modules first, so a broken install leaves none). */
const stampPath = join(folder, 'node_modules', '.installed-lock.sha256');

/** What an install records: the hash of the lock it installed from. */
export const stampFor = (lock: string) => createHash('sha256').update(lock).digest('hex');

/**
 * Why the tools must be installed before the stage can import them, or null when they are installed from
 * `lock` (this folder's package-lock.json). `stamp`: what the last install recorded, undefined if none.
 */
export function installReason(lock: string, stamp: string | undefined): string | null {
  if (stamp === undefined) return 'they are not installed yet';
  if (stamp.trim() !== stampFor(lock)) return 'its package-lock.json changed since they were installed';
  return null;
}

const readIfThere = (path: string) =>
  readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });

async function ensureInstalled(): Promise<void> {
  const lock = await readFile(join(folder, 'package-lock.json'), 'utf8');
  const reason = installReason(lock, await readIfThere(stampPath));
  if (!reason) return;
  console.log(`bench: installing Lighthouse and chrome-launcher into scripts/bench/tools, as ${reason}…`);
  const args = ['ci', '--prefix', folder, '--no-audit', '--no-fund'];
  const exit = await new Promise<string>((resolve) =>
    spawn('npm', args, { stdio: 'inherit' })
      .on('error', (error) => resolve(error.message))
      .on('exit', (code, signal) => resolve(code === 0 ? '' : `exit ${signal ?? code}`)),
  );
  if (exit)
    throw new Error(
      `could not install Lighthouse and chrome-launcher (npm ${args.join(' ')}: ${exit}); installing needs the npm registry`,
    );
  await writeFile(stampPath, `${stampFor(lock)}\n`);
}

/** A Lighthouse report (`lhr`): what the stage reads of it. */
interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  audits: Partial<Record<string, { numericValue?: number; details?: unknown }>>;
  categories: Partial<Record<string, { score: number | null }>>;
  environment: { hostUserAgent: string };
}

interface LighthouseFlags {
  port: number;
  output: 'json';
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'verbose';
}

/** Lighthouse's own main-thread task tree (the one its audits use), which its package types do not declare. */
interface TaskNode {
  event: { name: string };
  children: TaskNode[];
  parent: TaskNode | undefined;
  /** ms from navigation start, as observed (not throttled). */
  startTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
}

export interface LaunchedChrome {
  port: number;
  kill(): void;
}

interface LaunchOptions {
  chromePath: string | undefined;
  chromeFlags: string[];
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'verbose';
}

export interface LighthouseTools {
  lighthouse(
    url: string,
    flags: LighthouseFlags,
  ): Promise<{ lhr: LighthouseReport; artifacts: { Trace: unknown } } | undefined>;
  mainThreadTasks(trace: unknown): Promise<TaskNode[]>;
  launchChrome(options: LaunchOptions): Promise<LaunchedChrome>;
}

/** Installs the tools if they are not installed from this folder's lock, then imports them from this folder. */
export async function loadLighthouseTools(): Promise<LighthouseTools> {
  await ensureInstalled();
  // Resolved from this module, so from this folder's node_modules.
  const [core, tasks, launcher] = (await Promise.all([
    import(import.meta.resolve('lighthouse')),
    import(import.meta.resolve('lighthouse/core/computed/main-thread-tasks.js')),
    import(import.meta.resolve('chrome-launcher')),
  ])) as [
    { default: LighthouseTools['lighthouse'] },
    {
      MainThreadTasks: {
        request(trace: unknown, context: { computedCache: Map<string, unknown> }): Promise<TaskNode[]>;
      };
    },
    { launch: LighthouseTools['launchChrome'] },
  ];
  return {
    lighthouse: core.default,
    mainThreadTasks: (trace) => tasks.MainThreadTasks.request(trace, { computedCache: new Map() }),
    launchChrome: launcher.launch,
  };
}
