// The bench's lighthouse stage installs its tools (scripts/bench/tools/) itself, so that
// `npm ci` need not: it installs them when they are missing or were installed from
// another lock, and otherwise uses them as they are, without asking the registry.
import { describe, expect, it } from 'vitest';
import { installReason, stampFor } from '../../../scripts/bench/tools/load.ts';

const lock = JSON.stringify({ packages: { 'node_modules/lighthouse': { version: '12.8.2' } } });
const newerLock = JSON.stringify({ packages: { 'node_modules/lighthouse': { version: '12.8.3' } } });

describe("the lighthouse stage's tools", () => {
  it('are installed on the first run, when nothing is installed yet', () => {
    expect(installReason(lock, undefined)).toBe('they are not installed yet');
  });

  it('are installed again when their lock changed since the last install', () => {
    expect(installReason(newerLock, `${stampFor(lock)}\n`)).toBe(
      'its package-lock.json changed since they were installed',
    );
  });

  it('are used as they are when installed from the same lock', () => {
    expect(installReason(lock, `${stampFor(lock)}\n`)).toBeNull();
  });
});
