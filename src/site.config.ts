// The firm's identity: name, colours, phones, e-mails, offices, social links,
// video and map. Page text names the firm, its cities and its founding year from
// here; the pages' brand colours, the browser's theme colour, the logo's mark and
// the favicon come from `brand` and `name`. A firm rebranding the site replaces
// this file, the data and copy in src/content and the images in src/assets
// (docs/content.md, "Rebranding").
import type { Language } from './lib/i18n/languages.ts';

export interface Office {
  city: string;
  floor: string;
  building: string;
  street: string;
  postalAddress: string;
  email: string;
  phone: string;
  geo: { latitude: number; longitude: number };
}

export interface NavLink {
  label: string;
  href: string;
  /** Paths starting with this prefix mark the link as the current section. */
  activePrefix?: string;
  children?: readonly NavLink[];
}

/** A colour written as six hex digits, e.g. `#0f1e2d` (the build refuses any other form). */
export type HexColour = `#${string}`;

/**
 * The firm's colours, by the part each plays. Each becomes the CSS custom property
 * of its name on every page (`goldStrong` → `--color-gold-strong`, written by
 * src/integrations/brand-colours.ts), and the logo, the favicon and the drawn
 * images (scripts/generate-images.ts) use them. The interface's own colours —
 * text, success, error — are in src/styles/global.css.
 */
export interface BrandColours {
  /** The dark main colour: headings, dark bands (home hero, call to action, footer), buttons, the logo's tile. */
  ink: HexColour;
  /** A lighter shade of ink, for depth on the dark bands. */
  inkSoft: HexColour;
  /** The accent: rules, borders, the logo's frame. */
  gold: HexColour;
  /** The accent dark enough for text on the light background (links, small headings): 4.5:1 on `cream`. */
  goldStrong: HexColour;
  /** The accent light enough for text on `ink`. */
  goldLight: HexColour;
  /** A pale tint of the accent: quiet backgrounds, the logo's letters. */
  goldSoft: HexColour;
  /** The page background. */
  cream: HexColour;
  /** A deeper shade of the background, at the top of page heroes. */
  creamDeep: HexColour;
  /** Hairlines between things on the background. */
  line: HexColour;
  /** Text on `ink`. */
  onInk: HexColour;
}

const colours = {
  ink: '#0f1e2d',
  inkSoft: '#1d3247',
  gold: '#a57c32',
  goldStrong: '#8a6422',
  goldLight: '#d9b877',
  goldSoft: '#f1e6cf',
  cream: '#f8f5ef',
  creamDeep: '#efe8da',
  line: '#e2ddd2',
  onInk: '#f3efe6',
} as const satisfies BrandColours;

// Each number is one office's line (`offices` below names which), written as the specification quotes it;
// wherever a number shows, the office it rings is named beside it (src/components/site/PhoneLink.astro).
const phones = {
  /** The Nairobi office, written with a leading 0 as Kenyans dial it locally (header, footer). */
  local: '0722 514 380',
  /** The Kakamega office, in international form (every page's call to action). */
  international: '+254 733 610 927',
} as const;

export const site = {
  name: 'Muthoni, Nyongesa & Otieno Advocates',
  shortName: 'MNO Advocates',
  tagline: 'Boutique counsel for businesses, families and institutions across Kenya',
  foundedYear: 2016,
  /**
   * The languages the site is written in: English at the root and Kiswahili
   * under /sw/. With English alone, the build makes no /sw/ pages, no language
   * switcher and no hreflang alternates (docs/content.md, "Languages").
   */
  languages: ['en', 'sw'] as readonly Language[],
  brand: {
    colours,
    /** The browser's own colour for the site (`<meta name="theme-color">`: the phone's address bar). */
    themeColour: colours.ink,
  },
  phones,
  /**
   * The firm's WhatsApp number, for the click-to-chat links (src/lib/whatsapp.ts). A placeholder until the firm
   * gives its own, like the numbers above.
   */
  whatsapp: '+254 711 402 518',
  email: {
    general: 'info@mnoadvocates.co.ke',
    careers: 'careers@mnoadvocates.co.ke',
    privacy: 'privacy@mnoadvocates.co.ke',
  },
  offices: [
    {
      city: 'Nairobi',
      floor: '8th Floor',
      building: 'Africa House',
      street: 'Chania Avenue',
      postalAddress: 'P.O. Box 52871 – 00100, Nairobi',
      email: 'nairobi@mnoadvocates.co.ke',
      phone: phones.local,
      geo: { latitude: -1.2993, longitude: 36.7869 },
    },
    {
      city: 'Kakamega',
      floor: '3rd Floor',
      building: 'Plaza',
      street: 'Kakamega-Kisumu Highway',
      postalAddress: 'P.O. Box 1944 – 50100, Kakamega',
      email: 'kakamega@mnoadvocates.co.ke',
      phone: phones.international,
      geo: { latitude: 0.2827, longitude: 34.7519 },
    },
  ] satisfies readonly Office[],
  openingHours: { days: 'Monday to Friday', opens: '08:00', closes: '17:00' },
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/mnoadvocates' },
    { label: 'X', href: 'https://x.com/mnoadvocates' },
    { label: 'Instagram', href: 'https://www.instagram.com/mnoadvocates' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/mnoadvocates' },
  ],
  /** The firm's introduction film; embedded without cookies from the privacy-enhanced host. */
  video: {
    embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    channelUrl: 'https://www.youtube.com/@mnoadvocates',
  },
  /** Google Maps embed of the first office in `offices`: the contact page titles the map after it. */
  mapEmbedUrl: 'https://www.google.com/maps?q=Africa+House,+Chania+Avenue,+Nairobi&output=embed',
} as const;

export const formatOfficeAddress = (office: Office) => `${office.floor}, ${office.building}, ${office.street}`;

export const telHref = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+254${digits.slice(1)}` : digits}`;
};

export const mainNav: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  {
    label: 'About',
    href: '/about',
    children: [
      { label: 'Who we are', href: '/about' },
      { label: 'Team', href: '/team' },
      { label: 'Clients & Partners', href: '/clients-and-partners' },
      { label: 'Careers', href: '/careers' },
    ],
  },
  { label: 'Practice Areas', href: '/practice-areas', activePrefix: '/practice-area' },
  { label: 'Insights', href: '/insights', activePrefix: '/insight' },
  { label: 'Podcast', href: '/podcast' },
];

export const footerNav: readonly NavLink[] = [
  { label: 'About Us', href: '/about' },
  { label: 'Partners', href: '/clients-and-partners' },
  { label: 'Careers', href: '/careers' },
  { label: 'Insights', href: '/insights' },
  { label: 'Contact Us', href: '/contact-us' },
  // Ours (issue 41): the government's duties and taxes on a purchase of land, with their law.
  { label: 'Property costs estimator', href: '/tools/property-costs' },
];
