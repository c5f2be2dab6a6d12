import { describe, expect, it } from 'vitest';
import { isCurrent } from '../../src/lib/navigation.ts';
import { mainNav } from '../../src/site.config.ts';

const link = (label: string) => {
  const found = mainNav.find((item) => item.label === label);
  if (!found) throw new Error(`no nav link ${label}`);
  return found;
};

describe('the current navigation section', () => {
  it('highlights Practice Areas on the listing and on every practice-area page', () => {
    expect(isCurrent(link('Practice Areas'), '/practice-areas')).toBe(true);
    expect(isCurrent(link('Practice Areas'), '/practice-area/employment-law')).toBe(true);
  });
  it('highlights Insights on the list and on every article', () => {
    expect(isCurrent(link('Insights'), '/insights/')).toBe(true);
    expect(isCurrent(link('Insights'), '/insight/some-article')).toBe(true);
  });
  it('highlights About on its sub-pages, and Home only on the home page', () => {
    expect(isCurrent(link('About'), '/careers/mno-pupillage-programme')).toBe(false);
    expect(isCurrent(link('About'), '/team')).toBe(true);
    expect(isCurrent(link('Home'), '/')).toBe(true);
    expect(isCurrent(link('Home'), '/podcast')).toBe(false);
  });
});
