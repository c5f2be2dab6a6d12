// The firm's real content against the client's specification, as
// docs/requirements.md restates it: how many practice areas, people, steps and
// episodes this firm has (docs/requirements.md#numbers-the-firm-set), and the
// texts the spec quotes (docs/requirements.md#texts, and the eligibility in
// docs/requirements.md#career-page). The content schemas accept any number
// of each, so another firm's data (or a ninth practice area) builds and passes
// the unit and integration tests; this file is where this firm's numbers and
// words are held to the spec, and it changes when the spec (and with it
// docs/requirements.md) does. Unit tests of the content code use the small
// fixtures in tests/support/content-fixtures.ts instead.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import careers from '../src/content/careers.json';
import partners from '../src/content/partners.json';
import podcastEpisodes from '../src/content/podcast-episodes.json';
import {
  about,
  applicationSuccessImage,
  clientProcess,
  defaultShareImage,
  hero,
  whatSetsUsApart,
  whoWeAre,
} from '../src/content/firm.ts';
import {
  careerSchema,
  partnerSchema,
  podcastEpisodeSchema,
  practiceAreaSchema,
  TEAM_POSITIONS,
  teamMemberSchema,
} from '../src/content/schemas.ts';
import { workLocations } from '../src/forms/application/application.ts';
import { homeCarouselPracticeAreas, newestEpisodesFirst, sortById } from '../src/lib/collection-order.ts';
import { groupPartnersBySector, hasDarkBackground, PARTNER_SECTORS } from '../src/lib/partners.ts';
import {
  DEFAULT_RETENTION_DAYS,
  fillPlaceholders,
  PRIVACY_NOTICE_FILE,
  privacyNoticeValues,
  splitNotice,
} from '../src/lib/privacy.ts';
import { site } from '../src/site.config.ts';
import { readPracticeAreas, readTeam } from './support/content.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = resolve(projectRoot, 'src/content');
const assetsDir = resolve(projectRoot, 'src/assets');

/** Like image(): a path relative to the JSON file, in `dir`, that must point at an existing file in src/assets. */
const imageOnDisk = (dir: string) => () =>
  z
    .string()
    .regex(/^(\.\.\/)+assets\/.+\.(svg|png|jpe?g|webp|avif)$/, 'must be a relative path into src/assets')
    .refine((path) => resolve(dir, path).startsWith(`${assetsDir}/`), 'must be a relative path into src/assets')
    .refine((path) => existsSync(resolve(dir, path)), 'image file does not exist');

/** Where each collection's JSON lives: its images are relative to there. */
const practiceAreasDir = resolve(contentDir, 'practice-areas');
const teamDir = resolve(contentDir, 'team');
const practiceAreas = readPracticeAreas();
const team = readTeam();

const parseAll = <S extends z.ZodType>(schema: S, entries: unknown[]) =>
  entries.map((entry) => schema.parse(entry) as z.output<S>);

const areas = parseAll(practiceAreaSchema(imageOnDisk(practiceAreasDir)), practiceAreas);
const members = parseAll(teamMemberSchema(imageOnDisk(teamDir)), team);
const episodes = parseAll(podcastEpisodeSchema(imageOnDisk(contentDir)), podcastEpisodes);
const logos = parseAll(partnerSchema(imageOnDisk(contentDir)), partners);
const positions = parseAll(careerSchema, careers);

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

describe('practice areas', () => {
  it('are the eight areas of the spec, ids 0 to 7 in order', () => {
    expect(areas.map((area) => area.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(areas.map((area) => area.url_param)).toEqual([
      'transgenerational-estate-planning',
      'commercial-and-corporate-law',
      'employment-law',
      'immigration-law',
      'legal-audit-and-compliance',
      'conveyance-and-real-estate',
      'dispute-resolution',
      'banking-and-securitization',
    ]);
  });

  it('each link to their own page at /practice-area/{url_param}', () => {
    for (const area of areas) expect(area.link).toBe(`/practice-area/${area.url_param}`);
  });

  it('put the first six on the home carousel', () => {
    expect(homeCarouselPracticeAreas(areas).map((area) => area.url_param)).toEqual([
      'transgenerational-estate-planning',
      'commercial-and-corporate-law',
      'employment-law',
      'immigration-law',
      'legal-audit-and-compliance',
      'conveyance-and-real-estate',
    ]);
  });

  it('only commercial and corporate law has success stories, exactly five', () => {
    const withStories = areas.filter((area) => area.success_stories);
    expect(withStories.map((area) => area.url_param)).toEqual(['commercial-and-corporate-law']);
    expect(withStories[0]?.success_stories).toHaveLength(5);
  });

  it('number their services from 1 without gaps', () => {
    for (const area of areas) {
      expect(area.service_list.map((service) => service.id)).toEqual(area.service_list.map((_, index) => index + 1));
    }
  });
});

describe('team', () => {
  it('has the six positions of the spec', () => {
    expect(TEAM_POSITIONS).toEqual([
      'Senior Partner',
      'Managing Partner',
      'Partner',
      'Senior Associate',
      'Associate',
      'Administrator',
    ]);
  });

  it('has ten members with the ids of the spec', () => {
    expect(members.map((member) => member.id)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 89]);
  });

  it('lists the three founders first as Senior Partner, Managing Partner and Partner', () => {
    const founders = sortById(members).slice(0, 3);
    expect(founders.map((founder) => founder.position)).toEqual(['Senior Partner', 'Managing Partner', 'Partner']);
    expect(founders.map((founder) => founder.name.split(' ').at(-1))).toEqual(['Muthoni', 'Nyongesa', 'Otieno']);
  });

  it('gives every advocate a bio with their admission and law school', () => {
    for (const member of members.filter((member) => member.position !== 'Administrator')) {
      expect(member.description).toMatch(/Advocate of the High Court of Kenya/);
      expect(member.description).toMatch(/admitted in \d{4}|in \d{4}/);
      expect(member.description).toMatch(/Kenya School of Law/);
      const bio = member.description.split(/(?<=\.)\s+/);
      expect(bio.length).toBeGreaterThanOrEqual(2);
      expect(bio.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('podcast episodes', () => {
  it('are ten, listed newest first', () => {
    expect(episodes.map((episode) => episode.episode_no)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(newestEpisodesFirst([...episodes].reverse()).map((episode) => episode.episode_no)).toEqual([
      10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
    ]);
  });

  it('highlight the newest five and no others', () => {
    expect(episodes.filter((episode) => episode.highlight).map((episode) => episode.episode_no)).toEqual([
      10, 9, 8, 7, 6,
    ]);
  });

  it('have a YouTube link and empty Spotify and Google links', () => {
    for (const episode of episodes) {
      expect(episode.youtube_link).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
      expect(episode.spotify_link).toBe('');
      expect(episode.google_link).toBe('');
    }
    expect(new Set(episodes.map((episode) => episode.youtube_link)).size).toBe(episodes.length);
  });
});

describe('partners', () => {
  it('are 41 logos with unique ids', () => {
    expect(logos).toHaveLength(41);
    expect(new Set(logos.map((logo) => logo.id)).size).toBe(41);
  });

  it('include 392 in fintech, the only logo on a dark background', () => {
    expect(logos.find((logo) => logo.id === 392)?.sector).toBe('fintech');
    expect(logos.filter((logo) => hasDarkBackground(logo.id)).map((logo) => logo.id)).toEqual([392]);
  });

  it('cover every sector spelling, including "real-estate" with a hyphen', () => {
    const used = new Set(logos.map((logo) => logo.sector));
    for (const sector of PARTNER_SECTORS) expect(used, sector).toContain(sector);
  });

  it('are each shown once on /clients-and-partners, every sector of the spec with logos', () => {
    const groups = groupPartnersBySector(logos);
    expect(groups).toHaveLength(11);
    expect(groups.reduce((total, group) => total + group.partners.length, 0)).toBe(41);
  });

  it('have distinct names and logo files', () => {
    expect(new Set(logos.map((logo) => logo.name)).size).toBe(41);
    expect(new Set(logos.map((logo) => logo.image)).size).toBe(41);
  });
});

describe('careers', () => {
  it('offer one position: the 2025 pupillage at /careers/mno-pupillage-programme', () => {
    expect(positions).toHaveLength(1);
    const [pupillage] = positions;
    expect(pupillage?.title).toBe('Pupillage Programme 2025');
    expect(pupillage?.url_param).toBe('mno-pupillage-programme');
    expect(pupillage?.link).toBe('/careers/mno-pupillage-programme');
    expect(pupillage?.application_deadline).toBe('15th of September, 2024');
  });

  it('list the eligibility requirements of the spec in the first four items', () => {
    expect(positions[0]!.requirements.items.length).toBeGreaterThanOrEqual(4);
    const items = positions[0]!.requirements.items.slice(0, 4).map((item) => item.text.join(' '));
    expect(items[0]).toMatch(/Kenya School of Law/);
    expect(items[0]).toMatch(/2024\/2025/);
    expect(items[0]).toMatch(/November 2024/);
    expect(items[1]).toMatch(/Second Class Honours \(Upper Division\)/);
    expect(items[2]).toMatch(/B\+/);
    expect(items[2]).toMatch(/A- .*English/);
    expect(items[3]).toMatch(/proactive/i);
    expect(items[3]).toMatch(/team/i);
  });

  it('describe a six-month programme from January 2025 in Nairobi and Kakamega', () => {
    const intro = positions[0]!.intro.join(' ');
    expect(intro).toMatch(/six months from January 2025/);
    expect(intro).toMatch(/Nairobi/);
    expect(intro).toMatch(/Kakamega/);
  });
});

describe('firm copy', () => {
  it('has a short hero tagline to animate word by word, and a one-line sub-tagline', () => {
    const words = hero.tagline.split(/\s+/);
    expect(words.length).toBeGreaterThanOrEqual(2);
    expect(words.length).toBeLessThanOrEqual(8);
    expect(sentences(hero.subTagline)).toHaveLength(1);
  });

  it('lists the six client-process steps in the spec order, each in one or two sentences', () => {
    expect(clientProcess.map((step) => step.title)).toEqual([
      'Collaborative Planning',
      'Formalized Agreement',
      'Taking Action',
      'Continually Give Updates',
      'Successful Completion & Handover',
      'Beyond the Case',
    ]);
    for (const step of clientProcess) expect(sentences(step.description).length).toBeLessThanOrEqual(2);
  });

  it('sets the firm apart by the five qualities of the spec', () => {
    expect(whatSetsUsApart.items.map((item) => item.title)).toEqual([
      'Personalized Attention',
      'Agility and Responsiveness',
      'Unmatched Client Focus',
      'Strategic Adaptability',
      'Broad Expertise',
    ]);
  });

  it('tells the history of a firm founded in 2016 by three lawyer friends, with mission, vision and five values', () => {
    expect(site.foundedYear).toBe(2016);
    expect(about.history.join(' ')).toMatch(/founded in 2016 by three lawyer friends/);
    expect(about.mission).toBeTruthy();
    expect(about.vision).toBeTruthy();
    expect(about.values).toHaveLength(5);
    expect(about.heroImages).toHaveLength(3);
  });

  it('describes Who We Are as a boutique firm fighting alongside clients, in a lead and two paragraphs', () => {
    expect(whoWeAre.lead).toMatch(/boutique/);
    expect(whoWeAre.lead).toMatch(/alongside/);
    expect(whoWeAre.paragraphs).toHaveLength(2);
    expect(whoWeAre.paragraphs.join(' ')).toMatch(/legal system/);
    expect(whoWeAre.images).toHaveLength(2);
  });

  it('comes with its images, including a 1200 × 630 share image', () => {
    expect(defaultShareImage.src).toMatchObject({ width: 1200, height: 630, format: 'png' });
    expect(applicationSuccessImage.src.format).toBe('svg');
    for (const image of [...about.heroImages, ...whoWeAre.images]) expect(image.src.src).toMatch(/\.svg/);
  });
});

describe('copy', () => {
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(strings)
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(strings)
          : [];
  const allStrings = strings([practiceAreas, team, podcastEpisodes, partners, careers]);

  it('has no placeholder text', () => {
    expect(allStrings.filter((text) => /lorem|ipsum|\bTODO\b|\bTBD\b/i.test(text))).toEqual([]);
  });

  it('makes no claims advocates may not make (superlatives, promised outcomes)', () => {
    const forbidden =
      /\bbest\b|\bleading\b|number one|\bno\.? ?1\b|we guarantee|guaranteed (result|outcome|success)|100%|\bunrivalled\b|\bunbeatable\b/i;
    expect(allStrings.filter((text) => forbidden.test(text))).toEqual([]);
  });
});

describe('generated images', () => {
  const svgsIn = (folder: string) =>
    readdirSync(resolve(assetsDir, folder))
      .filter((name) => name.endsWith('.svg'))
      .map((name) => ({ name, text: readFileSync(resolve(assetsDir, folder, name), 'utf8') }));
  const viewBox = (svg: string) => /viewBox="([^"]+)"/.exec(svg)?.[1];

  it.each([
    ['practice-areas', '0 0 1200 800', practiceAreas, practiceAreasDir],
    ['team', '0 0 600 750', team, teamDir],
    ['partners', '0 0 320 160', partners, contentDir],
    ['podcast', '0 0 800 800', podcastEpisodes, contentDir],
  ])('%s: one SVG for each entry and no other, drawn at %s, each under 20 KB', (folder, box, entries, jsonDir) => {
    const svgs = svgsIn(folder);
    expect(svgs.map((svg) => resolve(assetsDir, folder, svg.name)).sort()).toEqual(
      entries.map((entry) => resolve(jsonDir, entry.image)).sort(),
    );
    for (const svg of svgs) {
      expect(viewBox(svg.text), svg.name).toBe(box);
      expect(svg.text.length, svg.name).toBeLessThan(20_000);
    }
  });

  it('print the episode number and the podcast name on every cover', () => {
    for (const { name, text } of svgsIn('podcast')) {
      const episode = Number(/episode-(\d+)\.svg/.exec(name)?.[1]);
      expect(text).toContain(`EP ${String(episode).padStart(2, '0')}`);
      expect(text).toContain('Just Legal');
    }
  });

  it('draw logo 392 in light colours only, so it reads on black', () => {
    const file = partners.find((partner) => partner.id === 392)!.image;
    const svg = readFileSync(resolve(contentDir, file), 'utf8');
    const colours = new Set(
      [...svg.matchAll(/(?:fill|stroke)="(#[0-9a-f]{6})"/gi)].map((match) => match[1]!.toLowerCase()),
    );
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    expect(colours.size).toBeGreaterThan(0);
    for (const colour of colours) expect(luminance(colour), colour).toBeGreaterThan(0.6);
  });

  it('include a 1200 × 630 PNG share image', () => {
    const png = readFileSync(resolve(assetsDir, 'share/default.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(statSync(resolve(assetsDir, 'share/default.png')).size).toBeLessThan(300_000);
  });
});

describe('privacy notice', () => {
  const notice = splitNotice(
    fillPlaceholders(
      readFileSync(resolve(projectRoot, PRIVACY_NOTICE_FILE), 'utf8'),
      privacyNoticeValues({ site, retention: DEFAULT_RETENTION_DAYS, documentLinkDays: 14, workLocations }),
    ),
  );

  it('sums up the retention periods in its “In short” box', () => {
    expect(notice.summary).toContain('Enquiries are kept for 24 months and pupillage applications for 12 months');
  });

  it('has the eleven sections of the notice, in order', () => {
    expect([...notice.sections.matchAll(/^## (.+)$/gm)].map((match) => match[1])).toEqual([
      'Who we are',
      'What we collect and why',
      'The legal basis',
      'Who sees your data',
      'Storage outside Kenya',
      'How long we keep it',
      'Your rights',
      'How to exercise them',
      'Cookies, video and map',
      'Keeping it safe',
      'Changes to this notice',
    ]);
  });

  it('says how to make a data request, how fast the firm answers, and how long the note of an erasure is kept', () => {
    const plain = (markdown: string) => markdown.replace(/\\/g, '');
    expect(plain(notice.summary)).toContain(
      'write to [privacy@mnoadvocates.co.ke](mailto:privacy@mnoadvocates.co.ke); we answer within seven days.',
    );
    const howTo = plain(notice.sections.slice(notice.sections.indexOf('## How to exercise them')));
    expect(howTo).toMatch(
      /^## How to exercise them\n\nE-mail \[privacy@mnoadvocates\.co\.ke\]\(mailto:privacy@mnoadvocates\.co\.ke\)/,
    );
    expect(howTo).toContain('the e-mail address you gave on our forms, which is how we find everything you sent');
    expect(howTo).toContain('We will answer within seven days of receiving your request');
    expect(howTo).toContain('a keyed hash');
    expect(howTo).toContain('we delete it after 6 years.');
  });

  it('names both offices and the stations an applicant may choose', () => {
    expect(notice.sections).toContain('- **Nairobi office**');
    expect(notice.sections).toContain('- **Kakamega office**');
    expect(notice.sections).toContain('preferred station (Nairobi or Kakamega)');
  });
});
