// Netlify deploys each function with everything it imports. The staff tool's
// code (scripts/submissions: exporting files to disk, the command line) is not
// the functions' to carry, and a function never writes files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const functionsDirectory = join(root, 'netlify', 'functions');

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The file a relative specifier names, as Vite resolves it (with or without its extension). */
function resolveLocal(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) =>
    statSync(candidate, { throwIfNoEntry: false })?.isFile(),
  );
  if (!found) throw new Error(`${relative(root, from)} imports ${specifier}, which is no file`);
  return found;
}

/** Every project file a function reaches through its imports, and every package or Node module they name. */
function importGraph(entry: string): { files: Set<string>; modules: Set<string> } {
  const files = new Set<string>();
  const modules = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) visit(resolveLocal(file, specifier));
      else modules.add(specifier);
    }
  };
  visit(entry);
  return { files, modules };
}

const functions = readdirSync(functionsDirectory).filter((name) => name.endsWith('.ts'));

describe('what a deployed function carries', () => {
  it.each(functions)('%s imports only site code, never the staff tool or the tests', (name) => {
    const { files } = importGraph(join(functionsDirectory, name));
    const outside = [...files]
      .map((file) => relative(root, file))
      .filter((file) => !/^(src|netlify\/functions)\//.test(file));
    expect(outside).toEqual([]);
  });

  it.each(functions)('%s never touches the file system', (name) => {
    const { modules } = importGraph(join(functionsDirectory, name));
    expect([...modules].filter((module) => /^(node:)?fs(\/|$)/.test(module))).toEqual([]);
  });
});
