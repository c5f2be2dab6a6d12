// The firm's editors add a person and a ninth practice area as data: one more
// entry in src/content/team.json and in src/content/practice-areas.json, each
// with its image, and no change to code. This builds a copy of the project
// with those two entries added (taken from the rebrand fixture's firm) and
// reads the pages a visitor would get: the new person on the team and About
// pages, the new area on the listing, with its own page, and the counts in the
// page text following the data.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import practiceAreas from '../../src/content/practice-areas.json';
import team from '../../src/content/team.json';
import { astroBuild, type BuildResult } from '../support/astro-build.ts';
import fixturePracticeAreas from '../fixtures/rebrand-firm/src/content/practice-areas.json';
import fixtureTeam from '../fixtures/rebrand-firm/src/content/team.json';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixtureAssets = join(projectRoot, 'tests/fixtures/rebrand-firm/src/assets');
/** What a build reads from the project; node_modules is linked, not copied, and no earlier build output comes along. */
const PROJECT_SOURCES = ['package.json', 'astro.config.mjs', 'tsconfig.json', 'src', 'public'];
const BUILD_TIMEOUT = 150_000;

const asHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const nextId = (entries: readonly { id: number }[]) => Math.max(...entries.map((entry) => entry.id)) + 1;

const fixtureMember = fixtureTeam.find((member) => member.position === 'Associate')!;
const newMember = { ...fixtureMember, id: nextId(team) };
const fixtureArea = fixturePracticeAreas.find((area) => area.url_param === 'maritime-law')!;
const newArea = { ...fixtureArea, id: nextId(practiceAreas) };

/** Adds `entry` to the JSON list at `file` in `root`, and copies the image it names from the fixture. */
async function addEntry(root: string, file: string, entry: { image: string }) {
  const path = join(root, 'src/content', file);
  const list: unknown[] = JSON.parse(await readFile(path, 'utf8'));
  await writeFile(path, `${JSON.stringify([...list, entry], null, 2)}\n`);
  const image = entry.image.replace(/^\.\.\/assets\//, '');
  await cp(join(fixtureAssets, image), join(root, 'src/assets', image));
}

describe('a person and a ninth practice area added as data', { timeout: BUILD_TIMEOUT }, () => {
  let root: string;
  let build: BuildResult;
  const page = (path: string) => readFile(join(root, 'dist', path, 'index.html'), 'utf8');

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'added-content-'));
    for (const source of PROJECT_SOURCES) await cp(join(projectRoot, source), join(root, source), { recursive: true });
    await symlink(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    await addEntry(root, 'team.json', newMember);
    await addEntry(root, 'practice-areas.json', newArea);
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

  it('builds with no code changed', () => {
    expect(build.code, build.output.slice(-3000)).toBe(0);
  });

  it('shows the new person on the team page and the About page, after the others', async () => {
    for (const path of ['team', 'about']) {
      const html = await page(path);
      const names = [...team, newMember].map((member) => html.indexOf(asHtml(member.name)));
      expect(names.every((at) => at >= 0), `${path}: every name`).toBe(true);
      expect(Math.max(...names), path).toBe(names.at(-1));
    }
  });

  it('lists the ninth area, numbered 09, and counts nine in the listing and the firm copy', async () => {
    const listing = await page('practice-areas');
    expect(listing).toContain(asHtml(newArea.title));
    expect(listing).toContain(`href="${newArea.link}"`);
    expect(listing).toMatch(/class="practice-item__number"[^>]*>09</);
    expect(listing).toContain('Nine areas of practice, each led by an advocate');
    expect(listing).not.toMatch(/\bEight\b/);
    expect(await page('')).toContain('Nine practice areas under one roof');
  });

  it('writes the ninth area its own page, with its consultation form', async () => {
    expect(existsSync(join(root, 'dist/practice-area', newArea.url_param, 'index.html'))).toBe(true);
    const detail = await page(`practice-area/${newArea.url_param}`);
    expect(detail).toContain(asHtml(newArea.action_title));
    expect(detail).toContain('Request For Consultation');
    expect((await readdir(join(root, 'dist/practice-area'))).sort()).toEqual([...practiceAreas, newArea].map((area) => area.url_param).sort());
  });
});
