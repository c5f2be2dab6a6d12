// This firm's collections against the spec's numbers
// (docs/requirements.md#numbers-the-firm-set): the eight practice areas, the ten
// people and their positions, the ten episodes, the 41 partner logos, the one
// position open, and the eligibility the spec quotes
// (docs/requirements.md#career-page).
import { describe, expect, it } from 'vitest';
import { TEAM_POSITIONS } from '../../src/content/schemas.ts';
import { homeCarouselPracticeAreas, newestEpisodesFirst, sortById } from '../../src/lib/collection-order.ts';
import { groupPartnersBySector, hasDarkBackground, PARTNER_SECTORS } from '../../src/lib/partners.ts';
import { areas, episodes, logos, members, positions } from './firm-content.ts';

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
