// The code of the last version that kept records in Netlify Blobs, taken from
// git into a folder of its own (with this checkout's node_modules linked), so
// the bench can run it beside the database version in the same run: the
// baseline the issue asks for. Nothing of it is part of the site.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './site.ts';

/** The last commit whose records were blobs (main before issue 50). */
export const BLOBS_VERSION = '057e755';

export interface BlobsVersion {
  root: string;
  /** Imports one of its modules by its path in the repository, e.g. src/server/submissions/read.ts. */
  load<Module>(path: string): Promise<Module>;
  remove(): Promise<void>;
}

export async function blobsVersion(): Promise<BlobsVersion> {
  const root = await mkdtemp(join(tmpdir(), 'mno-blobs-version-'));
  const archive = execFileSync(
    'git',
    ['archive', BLOBS_VERSION, 'src', 'scripts', 'netlify', 'netlify.toml', 'package.json'],
    {
      cwd: projectRoot,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  await symlink(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  return {
    root,
    load: (path) => import(pathToFileURL(join(root, path)).href),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
