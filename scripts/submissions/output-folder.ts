// Where `export` may write. An export holds personal data to hand to staff or
// to the person it is about; written inside the project's folder or any git
// work tree, it sits there untracked, one `git add -A` from a commit (and from
// every clone of it). So such a folder is refused with a one-line reason, and
// the examples in docs/operations.md write under the home folder.
import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout this tool runs from, whatever the current folder. */
const TOOL_CHECKOUT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** `child` is `parent` or lies within it. */
function isWithin(child: string, parent: string): boolean {
  const path = relative(parent, child);
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path));
}

/**
 * `path` with links resolved, though it may not exist yet: its nearest existing
 * folder resolved, the rest appended. A link into a checkout is still the checkout.
 */
function realPath(path: string): string {
  let existing = path;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  return join(realpathSync(existing), relative(existing, path));
}

/** The nearest folder holding a `.git` entry (a folder, or a file in a linked worktree), from `path` up. */
function gitWorkTree(path: string): string | null {
  for (let folder = path; ; folder = dirname(folder)) {
    if (existsSync(join(folder, '.git'))) return folder;
    if (dirname(folder) === folder) return null;
  }
}

/**
 * The folder `--out` names, resolved from `cwd` (`~/…` from the home folder,
 * for shells that leave it alone), or an Error saying in one line why it may
 * not be written: it is within `projectFolder` (the folder --root names), the
 * checkout the tool runs from, or a git work tree.
 */
export function exportFolder(out: string, cwd: string, projectFolder: string): string {
  const expanded = out === '~' || out.startsWith('~/') ? join(homedir(), out.slice(1)) : out;
  const folder = resolve(cwd, expanded);
  const real = realPath(folder);
  const refuse = (where: string) =>
    new Error(
      `Refusing to export into ${folder}: it is inside ${where}, where personal data is one "git add" from a commit. ` +
        `Export outside any project, e.g. --out ~/submissions/${basename(folder) || 'export'}`,
    );
  for (const project of new Set([projectFolder, TOOL_CHECKOUT])) {
    if (isWithin(real, realPath(project))) throw refuse(`the project folder ${project}`);
  }
  const workTree = gitWorkTree(real);
  if (workTree) throw refuse(`the git work tree ${workTree}`);
  return folder;
}
