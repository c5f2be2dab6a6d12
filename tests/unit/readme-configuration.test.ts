import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Where variables are read: the site's one home, and the local tools, each where it starts. */
const SITE_ENV = 'src/env.ts';
const TOOLS = ['scripts/serve.ts', 'scripts/dev.ts', 'playwright.config.ts', 'scripts/lib/chromium.ts'];
/** Set by CI systems themselves, for tools' output only: nothing for a person to configure. */
const NOT_CONFIGURATION = new Set(['CI']);

const names = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((match) => match[1]!));

function documented(): Set<string> {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| variable')));
  const firstCells = table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1]!);
  return names(firstCells.join(' '), /`([A-Z][A-Z0-9_]*)`/g);
}

function readInCode(): Set<string> {
  const site = names(read(SITE_ENV), /(?:read|retentionDays)\('([A-Z][A-Z0-9_]*)'/g);
  const tools = TOOLS.flatMap((path) => [...names(read(path), /process\.env\.([A-Z][A-Z0-9_]*)/g)]);
  return new Set([...site, ...tools].filter((name) => !NOT_CONFIGURATION.has(name)));
}

describe('README configuration table', () => {
  it('lists every environment variable the site and its tools read, and none they do not', () => {
    const inCode = readInCode();
    expect(inCode.size).toBeGreaterThan(20);
    expect([...documented()].sort()).toEqual([...inCode].sort());
  });
});
