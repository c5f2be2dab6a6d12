// A second, smaller firm makes the site its own by replacing the files of
// tests/fixtures/rebrand-firm (its site.config.ts, its content data and its
// images: three practice areas, four people, no articles, and no client named:
// partners.json empty, one area's success stories emptied), with no change to
// code. This builds a copy of the project with those files laid over it, its
// folders of practice areas and people in place of the real firm's, and reads
// the pages a visitor would get.
import { existsSync } from 'node:fs';
import { cp, glob, readdir, readFile, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceText } from '../../src/content/interface-text.ts';
import { cssVariable } from '../../src/lib/brand.ts';
import { site as realSite } from '../../src/site.config.ts';
import { astroBuild, type BuildResult } from '../support/astro-build.ts';
import { firmCopy } from '../fixtures/rebrand-firm/src/content/firm-copy.ts';
import { site } from '../fixtures/rebrand-firm/src/site.config.ts';
import { readPracticeAreas, readTeam } from '../support/content.ts';
import { projectCopy } from '../support/project-copy.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixture = join(projectRoot, 'tests/fixtures/rebrand-firm');
const practiceAreas = readPracticeAreas(join(fixture, 'src/content'));
const team = readTeam(join(fixture, 'src/content'));
/** Collections kept as one file per entry: laying the fixture over them would add to the real firm's entries, not replace them. */
const ENTRY_FOLDERS = ['src/content/practice-areas', 'src/content/team'];
const BUILD_TIMEOUT = 150_000;

/** Text as it appears in the built HTML. */
const asHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The real firm's brand colours, lower-cased as the pages write them. */
const realFirmColours = Object.values(realSite.brand.colours).map((colour) => colour.toLowerCase());
/** Each real brand colour, opaque (`#0f1e2d`) or translucent as the minified CSS writes it (`#0f1e2d73`). */
const realColourPattern = new RegExp(`(${realFirmColours.join('|')})(?:[0-9a-f]{2})?\\b`, 'gi');
/** Pages of every kind, each of whose stylesheets takes its colours from the firm's. */
const PAGES_IN_BRAND_COLOURS = [
  '',
  'practice-areas',
  'practice-area/family-law',
  'team',
  'about',
  'contact-us',
  'privacy',
  'careers',
  'podcast',
  'insights',
  'insight/404',
];

/** The real firm's own words, which no page of another firm's site may carry. */
const realFirmWords = [
  realSite.name,
  realSite.shortName,
  ...realSite.offices
    .map((office) => office.city)
    .filter((city) => !site.offices.some((office) => office.city === city)),
];

function buildFixtureFirm(root: string): Promise<BuildResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    ASTRO_CACHE_DIR: join(root, '.cache'),
    SITE_URL: 'https://www.barazawekesa.example',
    NODE_ENV: 'production',
  };
  // The fixture firm has no articles: the (empty) sample file, never a content service.
  delete env.CONTENT_API_URL;
  return astroBuild({ root, env, timeoutMs: BUILD_TIMEOUT - 10_000 });
}

describe('the site rebuilt for another firm from its own data files', { timeout: BUILD_TIMEOUT }, () => {
  let root: string;
  let build: BuildResult;
  const page = (path: string) => readFile(join(root, 'dist', path, 'index.html'), 'utf8');

  beforeAll(async () => {
    root = await projectCopy('rebrand-firm-');
    for (const folder of ENTRY_FOLDERS) await rm(join(root, folder), { recursive: true });
    await cp(fixture, root, { recursive: true, force: true });
    build = await buildFixtureFirm(root);
  }, BUILD_TIMEOUT);

  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('builds with no code changed', () => {
    expect(build.code, build.output.slice(-3000)).toBe(0);
  });

  it.each([
    '',
    'practice-areas',
    'team',
    'about',
    'contact-us',
    'privacy',
    'careers',
    'podcast',
    'insights',
    'insight/404',
  ])('/%s names the new firm and never the old one, its name, short name or cities', async (path) => {
    const html = await page(path);
    expect(html).toContain(asHtml(site.name));
    for (const words of realFirmWords) expect(html, words).not.toContain(asHtml(words));
    expect(html).not.toContain(realSite.email.general.split('@')[1]);
  });

  it('sets its own short name as the logo, which links home under the words it shows', async () => {
    const home = await page('');
    const logo = home.match(/<a href="\/" class="logo[^"]*"[^>]*>([\s\S]*?)<\/a>/)?.[1] ?? '';
    const [first, last] = site.shortName.split(' ');
    expect(logo).toMatch(
      new RegExp(`<span class="logo__name"[^>]*>${first}</span> <span class="logo__sub"[^>]*>${last}</span>`),
    );
    expect(home).not.toMatch(/class="logo[^"]*"[^>]*aria-label=/);
  });

  it.each(PAGES_IN_BRAND_COLOURS)('/%s is in the new firm’s colours and none of the old one’s', async (path) => {
    const html = await page(path);
    expect(html).toContain(`<meta name="theme-color" content="${site.brand.themeColour}">`);
    for (const [name, colour] of Object.entries(site.brand.colours)) {
      expect(html, name).toContain(`${cssVariable(name)}:${colour}`);
    }
    expect(html.match(realColourPattern) ?? []).toEqual([]);
  });

  it('draws its logo mark and favicon from its own initials and colours', async () => {
    const home = await page('');
    const mark = home.match(/<svg class="logo__mark[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect(mark).toMatch(/<text[^>]*>BW<\/text>/);
    const favicon = await readFile(join(root, 'dist/favicon.svg'), 'utf8');
    expect(favicon).toContain(`fill="${site.brand.colours.ink}"`);
    expect(favicon).toContain(`stroke="${site.brand.colours.gold}"`);
    expect(favicon).toMatch(/>BW<\/text>/);
    expect(favicon.match(realColourPattern) ?? []).toEqual([]);
  });

  it('shows each portrait, whether SVG, JPEG, PNG or WebP, as a WebP of its own', async () => {
    const teamPage = await page('team');
    expect(team.map((member) => extname(member.image)).sort()).toEqual(['.jpg', '.png', '.svg', '.webp']);
    for (const member of team) {
      const name = basename(member.image, extname(member.image));
      const src = teamPage.match(new RegExp(`<img src="(/_astro/${name}\\.[\\w-]+\\.webp)"`))?.[1];
      expect(src, member.image).toBeDefined();
      const webp = await readFile(join(root, 'dist', src!));
      expect(webp.subarray(0, 4).toString(), member.image).toBe('RIFF');
      expect(webp.subarray(8, 12).toString(), member.image).toBe('WEBP');
    }
  });

  it('counts its own practice areas and process steps, and names its own offices, in the page text', async () => {
    const [office] = site.offices;
    const listing = await page('practice-areas');
    expect(listing).toContain('Three areas of practice, each led by an advocate');
    expect(listing).toContain(`for clients in ${office.city} and beyond.`);
    expect(listing).toMatch(
      new RegExp(
        `<meta name="description" content="Three areas of practice at ${site.shortName}: [^"]*Family Law[^"]*">`,
      ),
    );
    const home = await page('');
    expect(home).toContain(`Four stages we follow with every client`);
    expect(home).toContain(`Advocates · ${office.city} · Since ${site.foundedYear}`);
    expect(home).toContain(`<meta name="description" content="${asHtml(firmCopy.descriptions.home)}">`);
    expect(await page('about')).toContain(`<meta name="description" content="${asHtml(firmCopy.descriptions.about)}">`);
  });

  it('shares its own default image, declared at the size it is served', async () => {
    const home = await page('');
    const image = home.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
    expect(image).toMatch(/^https:\/\/www\.barazawekesa\.example\/_astro\/share\.[\w-]+\.svg$/);
    const svg = await readFile(join(root, 'dist', new URL(image!).pathname), 'utf8');
    const [, width, height] = svg.match(/viewBox="0 0 (\d+) (\d+)"/) ?? [];
    expect(home).toContain(`<meta property="og:image:width" content="${width}">`);
    expect(home).toContain(`<meta property="og:image:height" content="${height}">`);
    expect(home).toContain(`<meta property="og:image:alt" content="${asHtml(site.name)}">`);
  });

  it('lists the three practice areas, each with its own page, and no other', async () => {
    const listing = await page('practice-areas');
    for (const area of practiceAreas) {
      expect(listing).toContain(asHtml(area.title));
      expect(listing).toContain(`href="${area.link}"`);
      const detail = await page(`practice-area/${area.url_param}`);
      expect(detail).toContain(asHtml(area.action_title));
      expect(detail).toContain('Request For Consultation');
    }
    expect((await readdir(join(root, 'dist/practice-area'))).sort()).toEqual(
      practiceAreas.map((area) => area.url_param).sort(),
    );
  });

  it('shows the four people on the team page and the About page, and none of the real firm’s', async () => {
    for (const path of ['team', 'about']) {
      const html = await page(path);
      for (const member of team) expect(html, `${path}: ${member.name}`).toContain(asHtml(member.name));
      for (const member of readTeam()) expect(html, `${path}: ${member.name}`).not.toContain(asHtml(member.name));
    }
  });

  it('tells the firm’s own story and steps on the About page', async () => {
    const about = await page('about');
    for (const paragraph of firmCopy.about.history) expect(about).toContain(asHtml(paragraph));
    for (const step of firmCopy.clientProcess) expect(about).toContain(asHtml(step.title));
  });

  it('gives the firm’s own office, phone and e-mails on the contact page and in the privacy notice', async () => {
    const [office] = site.offices;
    const contact = await page('contact-us');
    expect(contact).toContain(office.building);
    expect(contact).toContain(site.phones.local);
    const privacy = await page('privacy');
    expect(privacy).toContain(`href="mailto:${site.email.privacy}"`);
    expect(privacy).toContain(office.postalAddress);
  });

  it('is in English only, as its configuration says: no /sw/ pages, switcher or hreflang alternates', async () => {
    expect(site.languages).toEqual(['en']);
    expect(existsSync(join(root, 'dist/sw'))).toBe(false);
    for (const path of ['', 'about', 'practice-areas', 'practice-area/family-law', 'contact-us', 'team']) {
      const html = await page(path);
      expect(html, path).toContain('<html lang="en"');
      expect(html, path).not.toContain('hreflang');
      expect(html, path).not.toContain('data-language-switch');
      expect(html, path).not.toContain('og:locale:alternate');
      expect(html, path).not.toMatch(/href="\/sw\//);
    }
    const sitemap = await readFile(join(root, 'dist/sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.barazawekesa.example/about/</loc>');
    expect(sitemap).not.toContain('/sw/');
    expect(sitemap).not.toContain('hreflang');
  });

  it('names no client with partners.json empty: no logos strip, clients page, sitemap entry or link to it', async () => {
    expect(JSON.parse(await readFile(join(fixture, 'src/content/partners.json'), 'utf8'))).toEqual([]);
    expect(existsSync(join(root, 'dist/clients-and-partners'))).toBe(false);
    const home = await page('');
    expect(home).toContain('id="practice-heading"');
    expect(home).not.toContain('data-section="partners"');
    expect(home).not.toContain(interfaceText.en.home.partners.heading);
    const sitemap = await readFile(join(root, 'dist/sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain('/team/</loc>');
    expect(sitemap).not.toContain('clients-and-partners');
    // The fixture's site.config.ts still lists the page in its header and footer menus: the build leaves it out.
    const pages = await Array.fromAsync(glob('**/*.html', { cwd: join(root, 'dist') }));
    expect(pages).toContain('about/index.html');
    const linking: string[] = [];
    for (const file of pages) {
      if ((await readFile(join(root, 'dist', file), 'utf8')).includes('clients-and-partners')) linking.push(file);
    }
    expect(linking).toEqual([]);
  });

  it('leaves out the success stories an area has emptied ([]), and shows those another area has', async () => {
    expect(practiceAreas.find((area) => area.url_param === 'tax-advisory')?.success_stories).toEqual([]);
    const emptied = await page('practice-area/tax-advisory');
    expect(emptied).not.toContain('class="success-stories"');
    expect(emptied).not.toContain('id="success-heading"');
    const maritime = await page('practice-area/maritime-law');
    expect(maritime).toContain('class="success-stories"');
    expect(maritime).toContain('A vessel released in days');
  });

  it('publishes no articles', async () => {
    expect(existsSync(join(root, 'dist/insights/index.html'))).toBe(true);
    expect(await readdir(join(root, 'dist/insight'))).toEqual(['404']);
  });
});
