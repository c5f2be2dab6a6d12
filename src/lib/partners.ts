// Clients and partners: whether the site shows logos at all, the sectors a logo
// can belong to, how each is named on the site, the order the sectors are shown
// in, and which logo needs a dark background. Pure functions, no Astro imports,
// so pages and tests share them.

/** The page of every logo by sector (src/pages/clients-and-partners/), built only while there are logos. */
export const CLIENTS_PAGE_PATH = '/clients-and-partners';

/**
 * Whether the site shows client logos. The firm may empty partners.json to `[]`
 * (an advocate's advertisement may not name a client,
 * docs/content.md#client-logos-and-success-stories); the site then has no home
 * page strip, no clients page and no link to it, rather than headings over nothing.
 */
export const showsClientLogos = (partners: readonly unknown[]): boolean => partners.length > 0;

/** The pages the build leaves out for want of content: the clients page when there are no logos. */
export const pagesNotBuilt = (partners: readonly unknown[]): string[] =>
  showsClientLogos(partners) ? [] : [CLIENTS_PAGE_PATH];

/** Every sector value the partner data may use, spelled as the client's data spells it. */
export const PARTNER_SECTORS = [
  'NGO',
  'finance',
  'manufacturing',
  'Hospitality',
  'health',
  'government',
  'fintech',
  'realestate',
  'real-estate',
  'security',
  'Beauty',
  'School',
] as const;

export type PartnerSector = (typeof PARTNER_SECTORS)[number];

/** A sector after spelling variants are merged ('real-estate' becomes 'realestate'). */
export type CanonicalSector = Exclude<PartnerSector, 'real-estate'>;

/** The order sectors appear on /clients-and-partners (docs/requirements.md#clients-and-partners). */
export const SECTOR_ORDER = [
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
] as const satisfies readonly CanonicalSector[];

const DISPLAY_NAMES: Record<CanonicalSector, string> = {
  finance: 'Finance',
  manufacturing: 'Manufacturing',
  security: 'Security',
  health: 'Health',
  NGO: 'Public Benefit Organizations',
  government: 'Public Sector',
  realestate: 'Real Estate',
  Hospitality: 'Hospitality',
  fintech: 'Fintech',
  School: 'Education',
  Beauty: 'Beauty',
};

/** The one partner whose (light) logo is shown on a black background. */
const DARK_BACKGROUND_PARTNER_ID = 392;

export const isPartnerSector = (value: string): value is PartnerSector =>
  (PARTNER_SECTORS as readonly string[]).includes(value);

/** Merges spelling variants of a sector: 'real-estate' → 'realestate'; others are unchanged. */
export const normaliseSector = (sector: PartnerSector): CanonicalSector =>
  sector === 'real-estate' ? 'realestate' : sector;

/** The heading shown for a sector, e.g. 'NGO' → 'Public Benefit Organizations'. */
export const sectorDisplayName = (sector: PartnerSector): string => DISPLAY_NAMES[normaliseSector(sector)];

/** True when the logo must sit on a black background (it is drawn in light colours). */
export const hasDarkBackground = (id: number): boolean => id === DARK_BACKGROUND_PARTNER_ID;

export interface SectorGroup<T> {
  sector: CanonicalSector;
  /** Heading for the group, from {@link sectorDisplayName}. */
  label: string;
  /** Items of this sector in their original order. */
  partners: T[];
}

/**
 * Groups partners by normalised sector, in {@link SECTOR_ORDER}. Sectors without
 * partners are left out; partners keep their input order within a group.
 */
export const groupPartnersBySector = <T extends { sector: PartnerSector }>(partners: readonly T[]): SectorGroup<T>[] =>
  SECTOR_ORDER.map((sector) => ({
    sector,
    label: DISPLAY_NAMES[sector],
    partners: partners.filter((partner) => normaliseSector(partner.sector) === sector),
  })).filter((group) => group.partners.length > 0);
