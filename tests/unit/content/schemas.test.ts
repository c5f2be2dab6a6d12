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
  practiceAreaSchema,
  teamMemberSchema,
} from '../../../src/content/schemas';
import { anyImage } from './helpers';

const clone = <T>(value: T): T => structuredClone(value);

/** Parses and returns the failing fields as dotted paths, as Astro prints them in a build error. */
const failingFields = (schema: z.ZodType, data: unknown) => {
  const result = schema.safeParse(data);
  expect(result.success, 'the broken entry should be rejected').toBe(false);
  return result.error!.issues.map((issue) => issue.path.join('.'));
};

describe('a broken content entry is rejected, naming the field', () => {
  it('practice area: a service without a title', () => {
    const area = clone(practiceAreas[2]!) as Record<string, unknown> & { service_list: Array<Record<string, unknown>> };
    delete area.service_list[0]!.title;
    expect(failingFields(practiceAreaSchema(anyImage), area)).toEqual(['service_list.0.title']);
  });

  it('practice area: a link that does not match its url_param', () => {
    const area = { ...clone(practiceAreas[0]!), link: '/practice-areas/wills' };
    const result = practiceAreaSchema(anyImage).safeParse(area);
    expect(result.error?.issues[0]?.path).toEqual(['link']);
    expect(z.prettifyError(result.error!)).toContain('→ at link');
  });

  it('practice area: success stories outside commercial and corporate law', () => {
    const area = { ...clone(practiceAreas[0]!), success_stories: practiceAreas[1]!.success_stories };
    expect(failingFields(practiceAreaSchema(anyImage), area)).toEqual(['success_stories']);
  });

  it('practice area: commercial and corporate law with four success stories', () => {
    const area = clone(practiceAreas[1]!);
    area.success_stories = area.success_stories!.slice(0, 4);
    expect(failingFields(practiceAreaSchema(anyImage), area)).toEqual(['success_stories']);
  });

  it('practice area: an unknown field (a typo) is not silently ignored', () => {
    const area = { ...clone(practiceAreas[3]!), actiontitle: 'Typo' };
    expect(failingFields(practiceAreaSchema(anyImage), area)).toEqual(['']);
    expect(practiceAreaSchema(anyImage).safeParse(area).error?.issues[0]?.message).toMatch(/actiontitle/);
  });

  it('team member: a position outside the firm’s titles', () => {
    const member = { ...clone(team[4]!), position: 'Junior Partner' };
    expect(failingFields(teamMemberSchema(anyImage), member)).toEqual(['position']);
  });

  it('team member: a missing image', () => {
    const { image: _image, ...member } = clone(team[0]!);
    expect(failingFields(teamMemberSchema(anyImage), member)).toEqual(['image']);
  });

  it('podcast episode: a YouTube link without an 11-character video id', () => {
    const episode = { ...clone(podcastEpisodes[0]!), youtube_link: 'https://youtu.be/abc' };
    expect(failingFields(podcastEpisodeSchema(anyImage), episode)).toEqual(['youtube_link']);
  });

  it('podcast episode: a running time written as a number', () => {
    const episode = { ...clone(podcastEpisodes[0]!), time: 63 };
    expect(failingFields(podcastEpisodeSchema(anyImage), episode)).toEqual(['time']);
  });

  it('partner: a sector that is not in the list', () => {
    const partner = { ...clone(partners[0]!), sector: 'Finance' };
    expect(failingFields(partnerSchema(anyImage), partner)).toEqual(['sector']);
  });

  it('career: a requirement item with no text', () => {
    const career = clone(careers[0]!);
    career.requirements.items[2]!.text = [];
    expect(failingFields(careerSchema, career)).toEqual(['requirements.items.2.text']);
  });

  it('career: fewer than four requirements', () => {
    const career = clone(careers[0]!);
    career.requirements.items = career.requirements.items.slice(0, 3);
    expect(failingFields(careerSchema, career)).toEqual(['requirements.items']);
  });
});
