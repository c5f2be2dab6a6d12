import { describe, expect, it } from 'vitest';
import { isCurrent, withoutLinksTo } from '../../src/lib/navigation.ts';
import { CLIENTS_PAGE_PATH, pagesNotBuilt } from '../../src/lib/partners.ts';
import { footerNav, mainNav, type NavLink } from '../../src/site.config.ts';
import { footerNav as fixtureFooterNav, mainNav as fixtureMainNav } from '../fixtures/rebrand-firm/src/site.config.ts';

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

describe('the menus of a site whose partners.json is empty', () => {
  const linksIn = (links: readonly NavLink[]): string[] =>
    links.flatMap((item) => [item.href, ...linksIn(item.children ?? [])]);

  it.each([
    ['this firm’s', mainNav, footerNav],
    ['a rebranded firm’s', fixtureMainNav, fixtureFooterNav],
  ])('leave out %s links to /clients-and-partners from the header, sidebar and footer', (_, main, footer) => {
    for (const links of [main, footer]) {
      expect(linksIn(links)).toContain(CLIENTS_PAGE_PATH);
      const kept = withoutLinksTo(links, pagesNotBuilt([]));
      expect(linksIn(kept)).not.toContain(CLIENTS_PAGE_PATH);
      expect(linksIn(kept)).toEqual(linksIn(links).filter((href) => href !== CLIENTS_PAGE_PATH));
    }
  });

  it('keep every link while there is a logo', () => {
    expect(withoutLinksTo(mainNav, pagesNotBuilt([{ id: 1 }]))).toEqual(mainNav);
    expect(withoutLinksTo(footerNav, pagesNotBuilt([{ id: 1 }]))).toEqual(footerNav);
  });

  it('keep a parent whose only child is left out, as a plain link with no empty menu', () => {
    const about = { label: 'About', href: '/about', children: [{ label: 'Clients', href: '/clients-and-partners/' }] };
    expect(withoutLinksTo([about], [CLIENTS_PAGE_PATH])).toEqual([{ label: 'About', href: '/about' }]);
  });
});
