// A project folder the local server can serve the functions from without a
// build: this checkout's functions, their config and source, and a dist/ that
// holds only a 404 page (or a build made elsewhere). Its functions build in
// seconds: its node_modules is a link to this checkout's, outside the folder,
// which the function bundler links into each function's build instead of
// copying the dependencies in, as it does for the checkout itself (100 MB,
// some 20 s on one core). Integration tests of a
// function start `scripts/serve.ts` on it in seconds instead of building the
// whole site first; the browser tests serve their build from one
// (tests/e2e/support/serve-site.ts).
import { cp, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SNAPSHOT_FOLDER_VARIABLE } from './database-snapshot.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ProjectOptions {
  /** Its dist/: a build made elsewhere, linked. Without it, dist/ holds only a 404 page. */
  dist?: string;
  /** Its .netlify/v1: the functions that build wrote (Astro's on-demand pages), linked. */
  frameworkFunctions?: string;
  /**
   * A database never migrated, for a test of the migrations themselves. Otherwise, under Vitest, .netlify/db
   * starts as a copy of the run's migrated one (database-snapshot.ts): the server then skips initdb and the
   * migrations, over a second of each start.
   */
  unmigratedDatabase?: boolean;
}

/** Makes the folder in the system's temporary folder, its name starting with `prefix`; the caller removes it. */
export async function functionsOnlyProject(prefix: string, options: ProjectOptions = {}): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  await fillFunctionsOnlyProject(root, options);
  return root;
}

/** Makes `root`, an empty or missing folder, such a project folder. */
export async function fillFunctionsOnlyProject(
  root: string,
  { dist, frameworkFunctions, unmigratedDatabase }: ProjectOptions = {},
) {
  await mkdir(root, { recursive: true });
  await cp(join(projectRoot, 'netlify'), join(root, 'netlify'), { recursive: true });
  await cp(join(projectRoot, 'netlify.toml'), join(root, 'netlify.toml'));
  await cp(join(projectRoot, 'package.json'), join(root, 'package.json'));
  await symlink(join(projectRoot, 'src'), join(root, 'src'), 'dir');
  await symlink(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  await mkdir(join(root, '.netlify'));
  if (frameworkFunctions) await symlink(frameworkFunctions, join(root, '.netlify', 'v1'), 'dir');
  const migrated = process.env[SNAPSHOT_FOLDER_VARIABLE];
  if (migrated && !unmigratedDatabase) await cp(migrated, join(root, '.netlify', 'db'), { recursive: true });
  if (dist) {
    await symlink(dist, join(root, 'dist'), 'dir');
    return;
  }
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'dist', '404.html'), '<!doctype html><title>Not found</title>');
}
