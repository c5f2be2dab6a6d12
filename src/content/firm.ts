// The firm's own copy (src/content/firm-copy.ts), checked against `firmSchema`
// when this module loads, so a mistake there fails the build with the path of
// the bad field. Pages import the checked copy from here.
import type { ImageMetadata } from 'astro';
import { z } from 'astro/zod';
import { firmCopy } from './firm-copy.ts';
import { firmSchema } from './schemas.ts';
import { DEFAULT_LANGUAGE, type Language } from '../lib/i18n/languages.ts';
import { site } from '../site.config.ts';

const imageMetadata = () =>
  z.custom<ImageMetadata>(
    (value) =>
      (typeof value === 'object' || typeof value === 'function') &&
      value !== null &&
      typeof (value as { src?: unknown }).src === 'string',
    'must be an imported image',
  );

const parsed = firmSchema(imageMetadata, site.languages).safeParse(firmCopy);

if (!parsed.success) {
  throw new Error(`Invalid firm copy in src/content/firm-copy.ts:\n${z.prettifyError(parsed.error)}`);
}

/** Everything in this module as one object; pages take it in their language from firmIn() below. */
const firm = parsed.data;

/** Home hero: `tagline` animates in word by word; `subTagline` is one line beneath it. */
export const hero = firm.hero;
/** The client-process steps, in order. */
export const clientProcess = firm.clientProcess;
/** Heading, intro and the differentiators for the home page. */
export const whatSetsUsApart = firm.whatSetsUsApart;
/** About page: hero images, history paragraphs, mission, vision and values. */
export const about = firm.about;
/** Home Who We Are section: heading, lead statement, paragraphs and decorative images (alt ''). */
export const whoWeAre = firm.whoWeAre;
/** Illustration on the pupillage application success screen. */
export const applicationSuccessImage = firm.applicationSuccessImage;
/** Default Open Graph / Twitter image (1200 × 630 PNG). */
export const defaultShareImage = firm.defaultShareImage;

/**
 * The firm copy a page in `language` shows: the English, or its translation with
 * the same images (src/content/firm-copy.ts `sw`). The schema has required the
 * translation of every language the site is in.
 */
export function firmIn(language: Language) {
  const { sw } = firm;
  const english = { ...firm, openingDays: site.openingHours.days };
  if (language === DEFAULT_LANGUAGE || !sw) return english;
  return {
    ...english,
    descriptions: sw.descriptions,
    hero: sw.hero,
    clientProcess: sw.clientProcess,
    whatSetsUsApart: sw.whatSetsUsApart,
    about: {
      ...sw.about,
      heroImages: firm.about.heroImages.map((image, index) => ({
        src: image.src,
        alt: sw.about.heroImageAlts[index] ?? image.alt,
      })),
    },
    whoWeAre: { ...sw.whoWeAre, images: firm.whoWeAre.images },
    openingDays: sw.openingDays,
  };
}
