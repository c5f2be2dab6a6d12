import { describe, expect, it } from 'vitest';
import partners from '../../../src/content/partners.json';
import { partnerSchema } from '../../../src/content/schemas';
import {
  groupPartnersBySector,
  hasDarkBackground,
  isPartnerSector,
  normaliseSector,
  PARTNER_SECTORS,
  sectorDisplayName,
  SECTOR_ORDER,
} from '../../../src/lib/partners';
import { anyImage } from './helpers';

const logos = partners.map((partner) => partnerSchema(anyImage).parse(partner));

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

  it('puts every one of the 41 logos in exactly one group', () => {
    expect(groups.reduce((total, group) => total + group.partners.length, 0)).toBe(41);
  });

  it('gathers both spellings of real estate under Real Estate', () => {
    const realEstate = groups.find((group) => group.sector === 'realestate')!;
    expect(realEstate.label).toBe('Real Estate');
    expect(new Set(realEstate.partners.map((partner) => partner.sector))).toEqual(new Set(['realestate', 'real-estate']));
  });

  it('labels groups with display names and keeps the data order within a group', () => {
    const finance = groups[0]!;
    expect(finance.label).toBe('Finance');
    const ids = finance.partners.map((partner) => partner.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('leaves out sectors with no partners', () => {
    expect(groupPartnersBySector([{ sector: 'Beauty' as const }]).map((group) => group.sector)).toEqual(['Beauty']);
    expect(groupPartnersBySector([])).toEqual([]);
  });
});

describe('dark logo background', () => {
  it('is used for logo 392 (fintech) and no other', () => {
    expect(hasDarkBackground(392)).toBe(true);
    expect(logos.filter((logo) => hasDarkBackground(logo.id)).map((logo) => logo.sector)).toEqual(['fintech']);
    expect(logos.filter((logo) => hasDarkBackground(logo.id))).toHaveLength(1);
  });
});
