import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import careers from '../../../src/content/careers.json';
import partners from '../../../src/content/partners.json';
import podcastEpisodes from '../../../src/content/podcast-episodes.json';
import practiceAreas from '../../../src/content/practice-areas.json';
import team from '../../../src/content/team.json';
import {
  careerSchema,
  partnerSchema,
  podcastEpisodeSchema,
  PRACTICE_AREA_URL_PARAMS,
  practiceAreaSchema,
  teamMemberSchema,
} from '../../../src/content/schemas';
import { PARTNER_SECTORS } from '../../../src/lib/partners';
import { homeCarouselPracticeAreas, newestEpisodesFirst, sortById } from '../../../src/lib/collection-order';
import { imageOnDisk } from './helpers';

const parseAll = <S extends z.ZodType>(schema: S, entries: unknown[]) =>
  entries.map((entry) => schema.parse(entry) as z.output<S>);

const areas = parseAll(practiceAreaSchema(imageOnDisk), practiceAreas);
const members = parseAll(teamMemberSchema(imageOnDisk), team);
const episodes = parseAll(podcastEpisodeSchema(imageOnDisk), podcastEpisodes);
const logos = parseAll(partnerSchema(imageOnDisk), partners);
const positions = parseAll(careerSchema, careers);


describe('practice areas', () => {
  it('are the eight areas of the spec, ids 0 to 7 in order', () => {
    expect(areas.map((area) => area.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(areas.map((area) => area.url_param)).toEqual([...PRACTICE_AREA_URL_PARAMS]);
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
      expect(area.service_list.map((service) => service.id)).toEqual(
        area.service_list.map((_, index) => index + 1),
      );
    }
  });
});

describe('team', () => {
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
      const sentences = member.description.split(/(?<=\.)\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
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

  it('include 392 in fintech', () => {
    expect(logos.find((logo) => logo.id === 392)?.sector).toBe('fintech');
  });

  it('cover every sector spelling, including "real-estate" with a hyphen', () => {
    const used = new Set(logos.map((logo) => logo.sector));
    for (const sector of PARTNER_SECTORS) expect(used, sector).toContain(sector);
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
