// The firm's words against the texts the spec quotes (docs/requirements.md#texts):
// the hero, the client process, what sets the firm apart, its history and who
// it is; and, across every collection, nothing an advocate may not say and no
// placeholder left in.
import { describe, expect, it } from 'vitest';
import {
  about,
  applicationSuccessImage,
  clientProcess,
  defaultShareImage,
  hero,
  whatSetsUsApart,
  whoWeAre,
} from '../../src/content/firm.ts';
import { site } from '../../src/site.config.ts';
import { written } from './firm-content.ts';

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
  const allStrings = strings(Object.values(written));

  it('has no placeholder text', () => {
    expect(allStrings.filter((text) => /lorem|ipsum|\bTODO\b|\bTBD\b/i.test(text))).toEqual([]);
  });

  it('makes no claims advocates may not make (superlatives, promised outcomes)', () => {
    const forbidden =
      /\bbest\b|\bleading\b|number one|\bno\.? ?1\b|we guarantee|guaranteed (result|outcome|success)|100%|\bunrivalled\b|\bunbeatable\b/i;
    expect(allStrings.filter((text) => forbidden.test(text))).toEqual([]);
  });
});
