// HTML validation with the W3C Nu checker (vnu-jar, run by the system's Java).
// html-validate, the usual npm choice, cannot be installed here: npm 11's
// installer crashes placing its optional peer dependencies.
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

/** Messages that are not faults of ours, each with the reason it is allowed. */
const ALLOWED: readonly { reason: string; test: (message: string) => boolean }[] = [
  {
    reason: 'Astro puts its one-line island style next to the first island; browsers accept it',
    test: (message) => message.startsWith('A “style” element in “body” must be the first child of its parent'),
  },
  {
    reason: 'the checker’s CSS grammar predates @starting-style and transition-behavior (allow-discrete)',
    test: (message) => message.startsWith('CSS: '),
  },
];

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

/** Validates pages (path → HTML) and returns "path: message" for every error found. */
export async function validateHtml(pages: ReadonlyMap<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const fileToPath = new Map<string, string>();
    for (const [path, html] of pages) {
      const file = join(root, path.endsWith('.html') ? path : join(path, 'index.html'));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, html);
      fileToPath.set(file, path);
    }
    const result = await promisify(execFile)('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', '--skip-non-html', root], {
      maxBuffer: 32 * 1024 * 1024,
    }).catch((error: { stderr?: string; code?: number | string }) => {
      if (error.code === 'ENOENT') throw new Error('HTML validation needs Java (Debian: apt-get install default-jre-headless).');
      return { stderr: error.stderr ?? '' };
    });
    const { messages } = JSON.parse(result.stderr) as { messages: VnuMessage[] };
    return messages
      .filter((message) => message.type === 'error' && !ALLOWED.some((allowed) => allowed.test(message.message)))
      .map((message) => `${fileToPath.get(new URL(message.url).pathname) ?? message.url}: ${message.message} ${message.extract ?? ''}`.trim());
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
