// A project folder the local server can serve the functions from without a
// build: this checkout's functions, their config and source, and a dist/ that
// holds only a 404 page (or a build made elsewhere). Integration tests of a function start `scripts/serve.ts`
// on it in seconds instead of building the whole site first.
import { cp, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Makes the folder in the system's temporary folder, its name starting with `prefix`; the caller removes it.
 * With `dist`, its dist/ is that folder (a build made elsewhere), linked.
 */
export async function functionsOnlyProject(prefix: string, { dist }: { dist?: string } = {}): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  await cp(join(projectRoot, 'netlify'), join(root, 'netlify'), { recursive: true });
  await cp(join(projectRoot, 'netlify.toml'), join(root, 'netlify.toml'));
  await cp(join(projectRoot, 'package.json'), join(root, 'package.json'));
  await symlink(join(projectRoot, 'src'), join(root, 'src'), 'dir');
  await symlink(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  if (dist) {
    await symlink(dist, join(root, 'dist'), 'dir');
    return root;
  }
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'dist', '404.html'), '<!doctype html><title>Not found</title>');
  return root;
}
