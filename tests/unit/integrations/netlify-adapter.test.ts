import { describe, expect, it } from 'vitest';
import { isBuildCommand } from '../../../src/integrations/netlify-adapter.ts';

const argv = (...words: string[]) => ['/usr/bin/node', '/site/node_modules/astro/bin/astro.mjs', ...words];

describe('isBuildCommand: the adapter leaves out its dev server only for `astro build`', () => {
  it('is true for astro build, with or without options', () => {
    expect(isBuildCommand(argv('build'))).toBe(true);
    expect(isBuildCommand(argv('build', '--outDir', '/tmp/site'))).toBe(true);
    expect(isBuildCommand(argv('--silent', 'build'))).toBe(true);
  });

  it('is false for every other command, and for a test runner loading the config', () => {
    expect(isBuildCommand(argv('dev'))).toBe(false);
    expect(isBuildCommand(argv('check'))).toBe(false);
    expect(isBuildCommand(argv('preview', '--', 'build'))).toBe(false);
    expect(isBuildCommand(['/usr/bin/node', '/site/node_modules/vitest/vitest.mjs', 'run', 'build'])).toBe(false);
  });
});
