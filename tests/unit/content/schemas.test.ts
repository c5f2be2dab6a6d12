import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import {
  careerSchema,
  firmSchema,
  partnerSchema,
  podcastEpisodeSchema,
  practiceAreaSchema,
  teamMemberSchema,
} from '../../../src/content/schemas.ts';
import {
  anyImage,
  career,
  firmCopy,
  partner,
  podcastEpisode,
  practiceArea,
  teamMember,
} from '../../support/content-fixtures.ts';

/** Parses and returns the failing fields as dotted paths, as Astro prints them in a build error. */
const failingFields = (schema: z.ZodType, data: unknown) => {
  const result = schema.safeParse(data);
  expect(result.success, 'the broken entry should be rejected').toBe(false);
  return result.error!.issues.map((issue) => issue.path.join('.'));
};

const accepts = (schema: z.ZodType, data: unknown) => {
  const result = schema.safeParse(data);
  expect(result.error && z.prettifyError(result.error)).toBeUndefined();
};

describe('a broken content entry is rejected, naming the field', () => {
  it('practice area: a service without a title', () => {
    const area = practiceArea();
    const { title: _title, ...untitled } = area.service_list[0]!;
    expect(failingFields(practiceAreaSchema(anyImage), { ...area, service_list: [untitled] })).toEqual([
      'service_list.0.title',
    ]);
  });

  it('practice area: a link that does not match its url_param', () => {
    const result = practiceAreaSchema(anyImage).safeParse({ ...practiceArea(), link: '/practice-areas/family' });
    expect(result.error?.issues[0]?.path).toEqual(['link']);
    expect(z.prettifyError(result.error!)).toContain('→ at link');
  });

  it('practice area: a url_param that cannot be a path segment', () => {
    const area = { ...practiceArea(), url_param: 'Family Law', link: '/practice-area/Family Law' };
    expect(failingFields(practiceAreaSchema(anyImage), area)).toEqual(['url_param']);
  });

  it('practice area: an unknown field (a typo) is not silently ignored', () => {
    const area = { ...practiceArea(), actiontitle: 'Typo' };
    expect(failingFields(practiceAreaSchema(anyImage), area)).toEqual(['']);
    expect(practiceAreaSchema(anyImage).safeParse(area).error?.issues[0]?.message).toMatch(/actiontitle/);
  });

  it('team member: a position outside the firm’s titles', () => {
    expect(failingFields(teamMemberSchema(anyImage), { ...teamMember(), position: 'Junior Partner' })).toEqual([
      'position',
    ]);
  });

  it('team member: a missing image', () => {
    const { image: _image, ...member } = teamMember();
    expect(failingFields(teamMemberSchema(anyImage), member)).toEqual(['image']);
  });

  it('podcast episode: a YouTube link without an 11-character video id', () => {
    expect(
      failingFields(podcastEpisodeSchema(anyImage), { ...podcastEpisode(), youtube_link: 'https://youtu.be/abc' }),
    ).toEqual(['youtube_link']);
  });

  it('podcast episode: a running time written as a number', () => {
    expect(failingFields(podcastEpisodeSchema(anyImage), { ...podcastEpisode(), time: 63 })).toEqual(['time']);
  });

  it('partner: a sector that is not in the list', () => {
    expect(failingFields(partnerSchema(anyImage), { ...partner(), sector: 'Finance' })).toEqual(['sector']);
  });

  it('career: a requirement item with no text', () => {
    const position = career();
    position.requirements.items[1]!.text = [];
    expect(failingFields(careerSchema, position)).toEqual(['requirements.items.1.text']);
  });

  it('career: no requirements at all', () => {
    const position = career();
    position.requirements.items = [];
    expect(failingFields(careerSchema, position)).toEqual(['requirements.items']);
  });

  it('firm copy: a value without a title', () => {
    const copy = firmCopy();
    copy.about.values.push({ title: '', description: 'We speak up.' });
    expect(failingFields(firmSchema(anyImage), copy)).toEqual(['about.values.2.title']);
  });

  it('firm copy: a client process with no steps', () => {
    expect(failingFields(firmSchema(anyImage), { ...firmCopy(), clientProcess: [] })).toEqual(['clientProcess']);
  });

  it('firm copy: a page description too short or too long for search results', () => {
    const copy = firmCopy();
    copy.descriptions = { home: 'A law firm.', about: 'word '.repeat(40) };
    expect(failingFields(firmSchema(anyImage), copy)).toEqual(['descriptions.home', 'descriptions.about']);
  });
});

describe('content of any size is accepted: adding an entry is adding data', () => {
  it('a practice area the site has never had, with success stories, numbered past the firm’s areas', () => {
    accepts(practiceAreaSchema(anyImage), {
      ...practiceArea(),
      id: 8,
      title: 'Maritime Law',
      url_param: 'maritime-law',
      link: '/practice-area/maritime-law',
      success_stories: [{ title: 'A vessel released', text: 'Released within a week.' }],
    });
  });

  it('a practice area whose success stories are emptied ([]), read as having none, as when the key is left out', () => {
    const emptied = practiceAreaSchema(anyImage).parse({ ...practiceArea(), success_stories: [] });
    expect(emptied.success_stories).toBeUndefined();
    expect(emptied).toEqual(practiceAreaSchema(anyImage).parse(practiceArea()));
  });

  it('a team member with a new id', () => {
    accepts(teamMemberSchema(anyImage), { ...teamMember(), id: 90, position: 'Senior Associate' });
  });

  it('a career with a single requirement', () => {
    const position = career();
    position.requirements.items = position.requirements.items.slice(0, 1);
    accepts(careerSchema, position);
  });

  it('firm copy with three process steps, one differentiator, two values and no decorative images', () => {
    accepts(firmSchema(anyImage), firmCopy());
  });

  it('firm copy with a seventh process step and a sixth value', () => {
    const copy = firmCopy();
    const titled = (title: string) => ({ title, description: `${title}, in a sentence.` });
    copy.clientProcess = ['Listen', 'Agree', 'Plan', 'Act', 'Report', 'Close', 'Follow Up'].map(titled);
    copy.about.values = ['Integrity', 'Excellence', 'Partnership', 'Accountability', 'Respect', 'Courage'].map(titled);
    accepts(firmSchema(anyImage), copy);
  });
});
