// The acceptance for the firm's editors: a person and a practice area (the ninth)
// are added as data, one new JSON file each (src/content/team/<name>.json and
// src/content/practice-areas/<url_param>.json) with the image it names, and no
// other file touched, code or data. This builds a copy of the project with
// exactly those four files added (the entries taken from the rebrand fixture's
// firm, each with the id one more than the last) and reads the pages a visitor
// would get: the new person on the team and About pages, the new area on the
// listing, with its own page in English and in Kiswahili (the file carries both),
// and the counts in the page text following the data.
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroBuild, type BuildResult } from '../support/astro-build.ts';
import { capitalise, numberInWords } from '../../src/lib/words.ts';
import { readPracticeAreas, readTeam } from '../support/content.ts';
import { PROJECT_SOURCES, projectCopy } from '../support/project-copy.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixture = join(projectRoot, 'tests/fixtures/rebrand-firm');
/** What a build reads from the project; node_modules is linked, not copied, and no earlier build output comes along. */
const BUILD_TIMEOUT = 150_000;

const asHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const nextId = (entries: readonly { id: number }[]) => Math.max(...entries.map((entry) => entry.id)) + 1;

const team = readTeam();
const practiceAreas = readPracticeAreas();
const fixtureMember = readTeam(join(fixture, 'src/content')).find((member) => member.position === 'Associate')!;
const newMember = { ...fixtureMember, id: nextId(team) };
const fixtureArea = readPracticeAreas(join(fixture, 'src/content')).find((area) => area.url_param === 'maritime-law')!;
const newArea = { ...fixtureArea, id: nextId(practiceAreas) };

/** The whole of each addition, as an editor makes it: a new data file, and the image it names. */
const additions = [
  { file: `src/content/team/${newMember.name.toLowerCase().replaceAll(' ', '-')}.json`, entry: newMember },
  { file: `src/content/practice-areas/${newArea.url_param}.json`, entry: newArea },
].map(({ file, entry }) => ({ file, entry, image: `src/assets/${entry.image.replace(/^(\.\.\/)+assets\//, '')}` }));

/** Every file of the project's sources under `root`, by path, with its bytes. */
async function sourceFiles(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const source of PROJECT_SOURCES) {
    const path = join(root, source);
    const paths = (await stat(path)).isDirectory()
      ? (await readdir(path, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
      : [path];
    for (const file of paths) files.set(relative(root, file), await readFile(file));
  }
  return files;
}

/** The paths that `after` adds to `before`, changes or leaves out. */
const differences = (before: Map<string, Buffer>, after: Map<string, Buffer>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((path) => {
    const [was, is] = [before.get(path), after.get(path)];
    return !was || !is || !was.equals(is);
  });

describe(
  "a person and a practice area (this firm's ninth) added as one data file each",
  { timeout: BUILD_TIMEOUT },
  () => {
    let root: string;
    let build: BuildResult;
    let changed: string[];
    const page = (path: string) => readFile(join(root, 'dist', path, 'index.html'), 'utf8');

    beforeAll(async () => {
      root = await projectCopy('added-content-');
      for (const { file, entry, image } of additions) {
        await writeFile(join(root, file), `${JSON.stringify(entry, null, 2)}\n`, { flag: 'wx' });
        await cp(join(fixture, image), join(root, image), { errorOnExist: true, force: false });
      }
      changed = differences(await sourceFiles(projectRoot), await sourceFiles(root));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        ASTRO_CACHE_DIR: join(root, '.cache'),
        SITE_URL: 'https://www.mnoadvocates.co.ke',
        NODE_ENV: 'production',
      };
      // The bundled sample articles, never a content service.
      delete env.CONTENT_API_URL;
      build = await astroBuild({ root, env, timeoutMs: BUILD_TIMEOUT - 10_000 });
    }, BUILD_TIMEOUT);

    afterAll(async () => {
      if (root) await rm(root, { recursive: true, force: true });
    });

    it('is one new data file and one new image for each, and no other file added or changed', () => {
      expect(changed.sort()).toEqual(additions.flatMap(({ file, image }) => [file, image]).sort());
    });

    it('builds with no code changed', () => {
      expect(build.code, build.output.slice(-3000)).toBe(0);
    });

    it('shows the new person on the team page and the About page, after the others', async () => {
      for (const path of ['team', 'about']) {
        const html = await page(path);
        const names = [...team, newMember].map((member) => html.indexOf(asHtml(member.name)));
        expect(
          names.every((at) => at >= 0),
          `${path}: every name`,
        ).toBe(true);
        expect(Math.max(...names), path).toBe(names.at(-1));
      }
    });

    it('lists the added area last, numbered after the others, and counts it in the listing and the firm copy', async () => {
      const [before, after] = [practiceAreas.length, practiceAreas.length + 1].map((count) =>
        capitalise(numberInWords(count)),
      );
      const listing = await page('practice-areas');
      expect(listing).toContain(asHtml(newArea.title));
      expect(listing).toContain(`href="${newArea.link}"`);
      expect(listing).toMatch(
        new RegExp(`class="practice-item__number"[^>]*>${String(practiceAreas.length + 1).padStart(2, '0')}<`),
      );
      expect(listing).toContain(`${after} areas of practice, each led by an advocate`);
      expect(listing).not.toMatch(new RegExp(`\\b${before}\\b`));
      expect(await page('')).toContain(`${after} practice areas under one roof`);
    });

    it('writes the added area its own page, with its consultation form', async () => {
      expect(existsSync(join(root, 'dist/practice-area', newArea.url_param, 'index.html'))).toBe(true);
      const detail = await page(`practice-area/${newArea.url_param}`);
      expect(detail).toContain(asHtml(newArea.action_title));
      expect(detail).toContain('Request For Consultation');
      expect((await readdir(join(root, 'dist/practice-area'))).sort()).toEqual(
        [...practiceAreas, newArea].map((area) => area.url_param).sort(),
      );
    });

    it('writes it a Kiswahili page too, from the Kiswahili in its file, and counts it in the Kiswahili listing', async () => {
      const detail = await page(`sw/practice-area/${newArea.url_param}`);
      expect(detail).toContain('<html lang="sw"');
      expect(detail).toContain(asHtml(newArea.sw!.action_title));
      expect((await readdir(join(root, 'dist/sw/practice-area'))).sort()).toEqual(
        [...practiceAreas, newArea].map((area) => area.url_param).sort(),
      );
      const listing = await page('sw/practice-areas');
      expect(listing).toContain(asHtml(newArea.sw!.title));
      expect(listing).toContain(`href="/sw/practice-area/${newArea.url_param}"`);
      expect(listing).toContain('Maeneo tisa ya huduma za kisheria');
    });
  },
);
