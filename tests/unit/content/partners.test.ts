import { describe, expect, it } from 'vitest';
import {
  CLIENTS_PAGE_PATH,
  groupPartnersBySector,
  hasDarkBackground,
  isPartnerSector,
  normaliseSector,
  pagesNotBuilt,
  PARTNER_SECTORS,
  sectorDisplayName,
  SECTOR_ORDER,
  showsClientLogos,
  type PartnerSector,
} from '../../../src/lib/partners.ts';

/** A logo in every sector spelling (ids 100 up, last sector first), then a second finance logo. */
const logos = [
  ...PARTNER_SECTORS.map((sector, index) => ({ id: 100 + index, sector })).reverse(),
  { id: 1, sector: 'finance' as PartnerSector },
];
const firstFinanceId = 100 + PARTNER_SECTORS.indexOf('finance');

describe('client logos on the site', () => {
  it('are shown, with their page built, while partners.json has a logo', () => {
    expect(showsClientLogos(logos)).toBe(true);
    expect(pagesNotBuilt(logos)).toEqual([]);
  });

  it('are not shown, and /clients-and-partners is not built, when partners.json is emptied to []', () => {
    expect(showsClientLogos([])).toBe(false);
    expect(pagesNotBuilt([])).toEqual([CLIENTS_PAGE_PATH]);
    expect(CLIENTS_PAGE_PATH).toBe('/clients-and-partners');
  });
});

describe('partner sectors', () => {
  it('treat "real-estate" and "realestate" as the same sector', () => {
    expect(normaliseSector('real-estate')).toBe('realestate');
    expect(normaliseSector('realestate')).toBe('realestate');
    expect(normaliseSector('fintech')).toBe('fintech');
  });

  it('are shown under the names the client asked for', () => {
    expect(Object.fromEntries(PARTNER_SECTORS.map((sector) => [sector, sectorDisplayName(sector)]))).toEqual({
      NGO: 'Public Benefit Organizations',
      government: 'Public Sector',
      School: 'Education',
      realestate: 'Real Estate',
      'real-estate': 'Real Estate',
      finance: 'Finance',
      manufacturing: 'Manufacturing',
      health: 'Health',
      security: 'Security',
      Hospitality: 'Hospitality',
      fintech: 'Fintech',
      Beauty: 'Beauty',
    });
  });

  it('recognise only the sector spellings of the data', () => {
    expect(isPartnerSector('real-estate')).toBe(true);
    expect(isPartnerSector('Finance')).toBe(false);
  });
});

describe('grouping partners by sector', () => {
  const groups = groupPartnersBySector(logos);

  it('follows the spec order: finance, manufacturing, security, health, NGO, government, realestate, Hospitality, fintech, School, Beauty', () => {
    expect(groups.map((group) => group.sector)).toEqual([
      'finance',
      'manufacturing',
      'security',
      'health',
      'NGO',
      'government',
      'realestate',
      'Hospitality',
      'fintech',
      'School',
      'Beauty',
    ]);
    expect(SECTOR_ORDER).toEqual(groups.map((group) => group.sector));
  });

  it('puts every logo in exactly one group', () => {
    expect(
      groups
        .flatMap((group) => group.partners)
        .map((logo) => logo.id)
        .sort(),
    ).toEqual(logos.map((logo) => logo.id).sort());
  });

  it('gathers both spellings of real estate under Real Estate', () => {
    const realEstate = groups.find((group) => group.sector === 'realestate')!;
    expect(realEstate.label).toBe('Real Estate');
    expect(new Set(realEstate.partners.map((partner) => partner.sector))).toEqual(
      new Set(['realestate', 'real-estate']),
    );
  });

  it('labels groups with display names and keeps the data order within a group', () => {
    const finance = groups[0]!;
    expect(finance.label).toBe('Finance');
    expect(finance.partners.map((partner) => partner.id)).toEqual([firstFinanceId, 1]);
  });

  it('leaves out sectors with no partners', () => {
    expect(groupPartnersBySector([{ sector: 'Beauty' as const }]).map((group) => group.sector)).toEqual(['Beauty']);
    expect(groupPartnersBySector([])).toEqual([]);
  });
});

describe('dark logo background', () => {
  it('is used for logo 392 and no other', () => {
    expect(hasDarkBackground(392)).toBe(true);
    expect([0, 1, 391, 393].filter(hasDarkBackground)).toEqual([]);
  });
});
