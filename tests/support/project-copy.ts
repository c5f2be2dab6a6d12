// A copy of this project's sources in a folder of its own, sharing the
// checkout's node_modules: a build there touches nothing of the checkout's
// (.astro/, .netlify/), so it may run beside another test file's build.
import { cp, mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** What a build reads from the project; node_modules is linked, not copied, and no earlier build output comes along. */
export const PROJECT_SOURCES = ['package.json', 'astro.config.mjs', 'tsconfig.json', 'src', 'public'];

/** Makes the copy in the system's temporary folder, its name starting with `prefix`; the caller removes it. */
export async function projectCopy(prefix: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  for (const source of PROJECT_SOURCES) await cp(join(projectRoot, source), join(root, source), { recursive: true });
  await symlink(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}
