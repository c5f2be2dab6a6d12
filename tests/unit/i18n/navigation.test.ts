import { describe, expect, it } from 'vitest';
import { interfaceText } from '../../../src/content/interface-text.ts';
import { kiswahiliCount } from '../../../src/lib/i18n/kiswahili.ts';
import { localiseHref, localiseLink, localiseMenu } from '../../../src/lib/i18n/navigation.ts';
import { pagesNotBuilt } from '../../../src/lib/partners.ts';
import { footerNav, mainNav, type NavLink } from '../../../src/site.config.ts';

const about: NavLink = {
  label: 'About',
  href: '/about',
  children: [
    { label: 'Who we are', href: '/about' },
    { label: 'Team', href: '/team' },
  ],
};

describe('links on a Kiswahili page', () => {
  it('go to the Kiswahili page when there is one', () => {
    expect(localiseHref('/contact-us', 'sw')).toEqual({ href: '/sw/contact-us' });
    expect(localiseHref('/', 'sw')).toEqual({ href: '/sw/' });
  });

  it('go to the English page, marked hreflang="en", when the page is in English only', () => {
    expect(localiseHref('/insights', 'sw')).toEqual({ href: '/insights', hreflang: 'en' });
  });

  it('are left as they are on an English page, and off the site', () => {
    expect(localiseHref('/insights', 'en')).toEqual({ href: '/insights' });
    expect(localiseHref('https://x.com/firm', 'sw')).toEqual({ href: 'https://x.com/firm' });
  });

  it('carry their Kiswahili labels, and say "(kwa Kiingereza)" after a page in English only', () => {
    expect(localiseLink(about, 'sw', interfaceText.sw)).toEqual({
      label: 'Kuhusu Sisi',
      href: '/sw/about',
      children: [
        { label: 'Sisi ni Nani', href: '/sw/about' },
        { label: 'Timu Yetu', href: '/team', hreflang: 'en', note: '(kwa Kiingereza)' },
      ],
    });
  });

  it('keep a label the Kiswahili text does not have in English, and English links exactly as configured', () => {
    expect(localiseLink({ label: 'Maritime', href: '/maritime' }, 'sw', interfaceText.sw).label).toBe('Maritime');
    expect(localiseLink(about, 'en', interfaceText.en)).toBe(about);
  });

  it('keep a section current beneath its Kiswahili prefix', () => {
    const areas = localiseLink(
      { label: 'Practice Areas', href: '/practice-areas', activePrefix: '/practice-area' },
      'sw',
      interfaceText.sw,
    );
    expect(areas.activePrefix).toBe('/sw/practice-area');
  });
});

describe('the header, sidebar and footer menus', () => {
  const hrefsIn = (links: readonly NavLink[]): string[] =>
    links.flatMap((link) => [link.href, ...hrefsIn(link.children ?? [])]);

  it.each(['en', 'sw'] as const)(
    'link no clients page, in English or Kiswahili, on a %s page when partners.json is empty',
    (language) => {
      for (const menu of [mainNav, footerNav]) {
        const hrefs = hrefsIn(localiseMenu(menu, language, interfaceText[language], pagesNotBuilt([])));
        expect(hrefs.filter((href) => href.includes('clients-and-partners'))).toEqual([]);
        expect(hrefs.length).toBe(hrefsIn(menu).length - 1);
      }
    },
  );

  it('link the clients page, in English from a Kiswahili page, while there are logos', () => {
    const about = localiseMenu(mainNav, 'sw', interfaceText.sw, pagesNotBuilt([{ id: 1 }])).find(
      (link) => link.href === '/sw/about',
    );
    expect(about?.children).toContainEqual({
      label: 'Wateja na Washirika',
      href: '/clients-and-partners',
      hreflang: 'en',
      note: '(kwa Kiingereza)',
    });
  });
});

describe('counting in Kiswahili', () => {
  it('agrees the number with its noun’s class, in words up to ten', () => {
    expect(kiswahiliCount(8, 'eneo', 'maeneo', 'ma')).toBe('maeneo manane');
    expect(kiswahiliCount(3, 'eneo', 'maeneo', 'ma')).toBe('maeneo matatu');
    expect(kiswahiliCount(1, 'eneo', 'maeneo', 'ma')).toBe('eneo moja');
    expect(kiswahiliCount(6, 'hatua', 'hatua', 'n')).toBe('hatua sita');
    expect(kiswahiliCount(4, 'hatua', 'hatua', 'n')).toBe('hatua nne');
    expect(kiswahiliCount(12, 'eneo', 'maeneo', 'ma')).toBe('maeneo 12');
  });
});
