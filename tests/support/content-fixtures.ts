// Small made-up content for the unit tests of the content code: one entry of
// each kind, valid as it stands, for a test to change one thing in. The firm's
// real content is checked by tests/spec-conformance/.
import { z } from 'astro/zod';

/** What Astro's image() would accept, without Astro: any path. */
export const anyImage = () => z.string();

export const practiceArea = () => ({
  id: 0,
  title: 'Family Law',
  url_param: 'family-law',
  description: 'Divorce, custody and maintenance.',
  link: '/practice-area/family-law',
  image: '../../assets/practice-areas/family-law.svg',
  action_title: 'Family matters, handled with care',
  definition: 'Family law governs marriage, children and the home.',
  explanation: ['We act for parents and spouses.'],
  service_list: [
    { id: 1, title: 'Divorce', description: 'Petitions and settlements.' },
    { id: 2, title: 'Custody', description: 'Arrangements for children.' },
  ],
});

export const teamMember = () => ({
  id: 0,
  name: 'Halima Baraza',
  position: 'Partner',
  image: '../../assets/team/halima-baraza.svg',
  description: 'Halima leads the family law practice.',
});

export const podcastEpisode = () => ({
  id: 1,
  episode_no: 1,
  time: '24 minutes',
  title: 'Contracts for Small Vessels',
  description: 'Charter agreements explained.',
  spotify_link: '',
  youtube_link: 'https://www.youtube.com/watch?v=AbCdEfGhIjK',
  google_link: '',
  image: '../assets/podcast/episode-01.svg',
});

export const partner = () => ({
  id: 1,
  image: '../assets/partners/pwani-traders-sacco.svg',
  name: 'Pwani Traders Sacco',
  sector: 'finance',
});

export const career = () => ({
  id: 1,
  title: 'Associate, Family Law',
  url_param: 'associate-family-law',
  description: 'A second associate for the family practice.',
  link: '/careers/associate-family-law',
  intro: ['We are looking for an associate.'],
  requirements: {
    title: 'Requirements',
    description: 'You will need:',
    items: [{ text: ['An Advocate of the High Court of Kenya.'] }, { text: ['Two years in family practice.'] }],
  },
  application_deadline: '1st of March, 2026',
});

const titled = (title: string) => ({ title, description: `${title}, in a sentence.` });

/** Firm copy with fewer steps, values and images than the real firm has. */
export const firmCopy = () => ({
  descriptions: {
    home: 'A small law firm in Mombasa advising families, traders and shipping agents.',
    about: 'Founded in 2021 by two advocates who grew up in Mombasa, on the Kenyan coast.',
  },
  hero: { tagline: 'Counsel for the coast.', subTagline: 'A small firm in Mombasa.' },
  clientProcess: ['Listen', 'Agree', 'Act'].map(titled),
  whatSetsUsApart: { heading: 'Why Us', intro: 'Two partners.', items: ['Local Knowledge'].map(titled) },
  about: {
    heroImages: [{ src: 'harbour.svg', alt: 'The harbour' }],
    history: ['Founded in 2021.'],
    mission: 'Clear advice.',
    vision: 'The first call on the coast.',
    values: ['Candour', 'Care'].map(titled),
  },
  whoWeAre: { heading: 'About Us', lead: 'A two-partner firm.', paragraphs: ['We advise families.'], images: [] },
  applicationSuccessImage: { src: 'received.svg', alt: 'A letter marked received' },
  defaultShareImage: { src: 'share.png', alt: 'Baraza & Wekesa Advocates' },
});
