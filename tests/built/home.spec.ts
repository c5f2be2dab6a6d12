// The home page as built, read from dist/: where the hero and its cards lead,
// the partners strip, the podcast teaser, the practice carousel's order, the
// client process and what sets the firm apart. Its motion, video player and
// carousel's layout need a browser: tests/e2e/home.spec.ts.
import { expect, test } from '@playwright/test';
import { homeCarouselPracticeAreas } from '../../src/lib/collection-order.ts';
import {
  builtPage,
  elements,
  hasClass,
  headingsOf,
  linkNamed,
  linksNamed,
  one,
  textOf,
} from '../support/built-site.ts';
import { readPracticeAreas } from '../support/content.ts';

/** The carousel's areas, as the content says (tests/spec-conformance/collections.test.ts holds them to the spec's six). */
const practiceOrder = homeCarouselPracticeAreas(readPracticeAreas()).map((area) => area.url_param);

const home = builtPage('/');
const section = (name: string) => one(home, (element) => element.attribs['data-section'] === name, name);
const hero = one(home, hasClass('home-hero'));

test('the hero links to the practice areas, and its cards to the podcast and the insights', () => {
  expect(linkNamed(hero, /practice areas/i).attribs.href).toBe('/practice-areas');
  expect(linkNamed(hero, /Just Legal Podcast/).attribs.href).toBe('/podcast');
  expect(linkNamed(hero, /Legal Insights/).attribs.href).toBe('/insights');
});

test('the partners strip shows the first 8 logos and links to all of them', () => {
  const strip = section('partners');
  // Images with a name: what getByRole('img') counts (an empty alt is decoration).
  const logos = elements(strip, (element) => element.name === 'img' && Boolean(element.attribs.alt));
  expect(logos).toHaveLength(8);
  expect(linkNamed(strip, 'View More').attribs.href).toBe('/clients-and-partners');
});

test('the podcast teaser features the first episode and lists the next two, each playing in a new tab', () => {
  const teaser = section('podcast');
  const plays = linksNamed(teaser, /Play Episode/);
  expect(plays).toHaveLength(3);
  for (const link of plays) {
    expect(link.attribs.target).toBe('_blank');
    expect(link.attribs.href).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
  }
  expect(elements(teaser, hasClass('episode--featured'))).toHaveLength(1);
  expect(linkNamed(teaser, 'View More Episodes').attribs.href).toBe('/podcast');
});

test('the practice carousel lists six areas in the spec’s order', () => {
  const track = one(home, hasClass('practice-carousel__track'));
  expect(elements(track, (element) => element.name === 'a').map((link) => link.attribs.href)).toEqual(
    practiceOrder.map((slug) => `/practice-area/${slug}`),
  );
});

test('shows the six client process steps in order', () => {
  const steps = elements(section('process'), (element) => element.name === 'h3').map(textOf);
  expect(steps).toEqual(
    [
      /Collaborative Planning/,
      /Formalized Agreement/,
      /Taking Action/,
      /Continually Give Updates/,
      /Successful Completion & Handover/,
      /Beyond the Case/,
    ].map((step) => expect.stringMatching(step)),
  );
});

test('says what sets the firm apart', () => {
  const headings = headingsOf(section('apart'));
  for (const point of [
    /Personali[sz]ed Attention/i,
    /Agility and Responsiveness/i,
    /Unmatched Client Focus/i,
    /Strategic Adaptability/i,
    /Broad Expertise/i,
  ]) {
    expect(
      headings.filter((heading) => point.test(heading)),
      String(point),
    ).toHaveLength(1);
  }
});

test('Who We Are leads to the about page', () => {
  const who = one(
    home,
    (element) => element.name === 'section' && headingsOf(element).some((heading) => /Who We Are/i.test(heading)),
    'the section headed Who We Are',
  );
  expect(linkNamed(who, /Know more About/i).attribs.href).toBe('/about');
});
