// The firm's identity: name, phones, e-mails, offices, social links, video and map.
// Page text names the firm, its cities and its founding year from here. A firm
// rebranding the site replaces this file, the data and copy in src/content and
// the images in src/assets (README, "Rebranding").

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

const phones = {
  /** Written with a leading 0, as Kenyans dial it locally. */
  local: '0722 514 380',
  /** The same line in international form. */
  international: '+254 733 610 927',
} as const;

export const site = {
  name: 'Muthoni, Nyongesa & Otieno Advocates',
  shortName: 'MNO Advocates',
  tagline: 'Boutique counsel for businesses, families and institutions across Kenya',
  foundedYear: 2016,
  phones,
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
];
