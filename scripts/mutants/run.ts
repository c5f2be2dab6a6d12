// npm run mutants: makes each deliberate breakage of breakages.ts in a
// throwaway worktree of a commit (MUTANTS_REF, else HEAD), runs the narrowest
// command that should see it, and puts the file back. Every breakage must be
// caught; MUTANTS_ONLY=<words> runs those whose name holds the words.
// See docs/quality.md#breakages.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Breakage } from './breakage.ts';
import { BREAKAGES } from './breakages.ts';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const only = process.env.MUTANTS_ONLY?.toLowerCase();
const ref = process.env.MUTANTS_REF ?? 'HEAD';
const chosen = BREAKAGES.filter((breakage) => !only || breakage.name.toLowerCase().includes(only));

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** Makes the breakage, runs its command, restores the file: whether the command failed, and how long it took. */
function attempt(worktree: string, breakage: Breakage): { caught: boolean; seconds: number; note: string } {
  const path = join(worktree, breakage.file);
  const original = readFileSync(path, 'utf8');
  const found = occurrences(original, breakage.from);
  if (found !== 1) return { caught: false, seconds: 0, note: `the text to change occurs ${found} times` };
  writeFileSync(path, original.replace(breakage.from, breakage.to));
  const started = performance.now();
  try {
    const run = spawnSync('sh', ['-c', breakage.command], {
      cwd: worktree,
      encoding: 'utf8',
      env: { ...process.env, CI: '1', E2E_PORT: '8897', FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const output = `${run.stdout}${run.stderr}`;
    const buildFailed = /config\.webServer|Process from config|Build failed|\[ERROR\]/.test(output);
    return {
      caught: run.status !== 0,
      seconds: Math.round((performance.now() - started) / 1000),
      note: run.status === 0 ? 'passed' : buildFailed ? 'the build failed' : 'a test failed',
    };
  } finally {
    writeFileSync(path, original);
  }
}

const worktree = mkdtempSync(join(tmpdir(), 'mutants-'));
execFileSync('git', ['worktree', 'add', '--detach', worktree, ref], { cwd: root, stdio: 'ignore' });
symlinkSync(join(root, 'node_modules'), join(worktree, 'node_modules'));
const rows: string[] = [];
let missed = 0;
try {
  for (const breakage of chosen) {
    console.log(`mutants: ${breakage.name} …`);
    const result = attempt(worktree, breakage);
    if (!result.caught) missed += 1;
    rows.push(
      `| ${breakage.name} | \`${breakage.command}\` | ${result.caught ? 'caught' : 'MISSED'}: ${result.note} | ${result.seconds} s |`,
    );
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: root, stdio: 'ignore' });
  rmSync(worktree, { recursive: true, force: true });
}
console.log(['| breakage | command | result | time |', '|---|---|---|---|', ...rows].join('\n'));
console.log(`mutants: ${chosen.length - missed} of ${chosen.length} caught at ${ref}`);
process.exitCode = missed ? 1 : 0;
