// README's configuration list names every environment variable the site and its
// tools read, and no other; each is also explained in docs/ or CONTRIBUTING.md,
// where the reader who needs it looks.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Where variables are read: the site's one home, and the local tools, each where it starts. */
const SITE_ENV = 'src/env.ts';
const TOOLS = [
  'scripts/serve.ts',
  'scripts/dev.ts',
  'playwright.config.ts',
  'tests/e2e/support/e2e-server.ts',
  'scripts/lib/chromium.ts',
];
/** Set by CI systems themselves, for tools' output only: nothing for a person to configure. */
const NOT_CONFIGURATION = new Set(['CI']);
/** Where a variable is explained beyond README's one line. */
const GUIDES = [
  'CONTRIBUTING.md',
  ...readdirSync(new URL('../../docs/', import.meta.url))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const names = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((match) => match[1]!));

/** The variables README's "Configuration" lists: the names before the dash of each item. */
function documented(): Set<string> {
  const readme = read('README.md');
  const start = readme.indexOf('\n## Configuration\n');
  expect(start, 'README has a "## Configuration" section').toBeGreaterThan(-1);
  const section = readme.slice(start + 1, readme.indexOf('\n## ', start + 1));
  // A list item runs on over indented lines; its names come before its dash.
  const items = section.split(/\n(?=- |\S)/).filter((item) => item.startsWith('- `'));
  const named = items.map((item) => item.replace(/\n\s+/g, ' ').split(' — ')[0]!);
  return names(named.join(' '), /`([A-Z][A-Z0-9_]*)`/g);
}

function readInCode(): Set<string> {
  const site = names(read(SITE_ENV), /(?:read|retentionDays)\('([A-Z][A-Z0-9_]*)'/g);
  const tools = TOOLS.flatMap((path) => [...names(read(path), /process\.env\.([A-Z][A-Z0-9_]*)/g)]);
  return new Set([...site, ...tools].filter((name) => !NOT_CONFIGURATION.has(name)));
}

describe("README's configuration list", () => {
  it('lists every environment variable the site and its tools read, and none they do not', () => {
    const inCode = readInCode();
    expect(inCode.size).toBeGreaterThan(20);
    expect([...documented()].sort()).toEqual([...inCode].sort());
  });

  it('names only variables that docs/ or CONTRIBUTING.md explain', () => {
    const guides = GUIDES.map(read).join('\n');
    const unexplained = [...documented()].filter((name) => !guides.includes(`\`${name}\``));
    expect(unexplained).toEqual([]);
  });
});
