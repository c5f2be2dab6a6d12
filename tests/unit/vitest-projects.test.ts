// The unit files that share a worker's process must leave it as they found it:
// every file that changes the environment or replaces a module is listed to run
// in a process of its own (tests/support/own-process-files.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANGES_THE_PROCESS, OWN_PROCESS_FILES } from '../support/own-process-files.ts';

const CHANGES = /vi\.stubEnv|vi\.mock\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|process\.chdir/;

const unitFiles = readdirSync('tests/unit', { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => `tests/unit/${name}`);

describe('the unit test files that share a worker', () => {
  it('never change the environment nor replace a module: those that do run apart', () => {
    const changing = unitFiles.filter((file) => CHANGES.test(readFileSync(file, 'utf8')));
    expect(changing.sort()).toEqual([...CHANGES_THE_PROCESS].sort());
  });

  it('name only files that exist', () => {
    expect(OWN_PROCESS_FILES.filter((file) => !unitFiles.includes(file))).toEqual([]);
  });
});
