import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import {
  about,
  applicationSuccessImage,
  clientProcess,
  defaultShareImage,
  hero,
  whatSetsUsApart,
  whoWeAre,
} from '../../../src/content/firm';
import { firmSchema } from '../../../src/content/schemas';
import { site } from '../../../src/site.config';

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

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

  it('rejects a firm document with a sixth value, naming the field', () => {
    const broken = {
      hero,
      clientProcess,
      whatSetsUsApart,
      about: { ...about, values: [...about.values, { title: 'Courage', description: 'We speak up.' }] },
      whoWeAre,
      applicationSuccessImage,
      defaultShareImage,
    };
    const result = firmSchema(() => z.unknown()).safeParse(broken);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['about.values']);
  });
});
