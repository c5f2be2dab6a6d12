// README is the front door, short enough to read at one sitting; the rest is in
// docs/ by reader, and CONTRIBUTING.md beside README. The staff tool's commands
// are documented where staff look for them, docs/operations.md.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSubmissionsCli, type CliDeps } from '../../scripts/submissions/cli.ts';

const path = (file: string) => new URL(`../../${file}`, import.meta.url);
const read = (file: string) => readFileSync(path(file), 'utf8');

const README_MOST_LINES = 150;
const GUIDES = ['docs/operations.md', 'docs/content.md', 'docs/quality.md', 'docs/architecture.md', 'CONTRIBUTING.md'];

/** The tool's usage text, as `npm run submissions -- help` prints it. */
async function toolUsage(): Promise<string> {
  let printed = '';
  const unused = () => {
    throw new Error('help needs no store or settings');
  };
  const deps: CliDeps = {
    io: { stdout: (text) => (printed += text), stderr: (text) => (printed += text) },
    openStore: unused,
    openDatabase: unused,
    notificationSettings: unused,
    retentionPeriods: unused,
  };
  expect(await runSubmissionsCli(['help'], deps)).toBe(0);
  return printed;
}

describe('the documentation', () => {
  it(`keeps README.md a front door of at most ${README_MOST_LINES} lines`, () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MOST_LINES);
  });

  it.each(GUIDES)('has %s, linked from README.md', (file) => {
    expect(existsSync(path(file))).toBe(true);
    expect(read('README.md')).toContain(`](${file})`);
  });

  it('shows every command and option of the submissions tool in docs/operations.md', async () => {
    const usage = await toolUsage();
    // A command's line: two spaces, its name, then its arguments (`<id>`, `[--json]`, `--email`) or its gloss.
    const commands = new Set([...usage.matchAll(/^ {2}([a-z]+)(?= [[<-]| {2}|$)/gm)].map((match) => match[1]!));
    const options = new Set([...usage.matchAll(/(--[a-z][a-z-]*)/g)].map((match) => match[1]!));
    expect(commands.size).toBeGreaterThanOrEqual(10);
    const operations = read('docs/operations.md');
    const missing = [
      ...[...commands].filter((command) => !operations.includes(`npm run submissions -- ${command}`)),
      ...[...options].filter((option) => !operations.includes(option)),
    ];
    expect(missing).toEqual([]);
  });
});
