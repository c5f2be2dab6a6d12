// The words of the site's frame and page furniture, in each language the site is
// written in: navigation, header, footer, the language switcher, headings and
// buttons of the pages written in every language, and the not-found page. Data
// only, like firm-copy.ts: the firm's own story, values and practice areas are in
// firm-copy.ts and practice-areas/*.json, each with its Kiswahili beside it
// (docs/content.md, "Languages"). Wording that names the firm, its cities or a count is a
// function of them, so a rebranded firm's site says its own.
import type { Language } from '../lib/i18n/languages.ts';
import { kiswahiliCount } from '../lib/i18n/kiswahili.ts';
import { inEnglishOnly } from './in-english-only.ts';
import { propertyCostsText } from './property-costs-text.ts';
import { capitalise, countInWords, listInWords } from '../lib/words.ts';

/** What the firm is called and where it is, for the sentences that name them. */
interface Firm {
  name: string;
  shortName: string;
  foundedYear: number;
  cities: readonly string[];
}

const en = {
  /** The language's own name, as its switcher link shows it. */
  languageName: 'English',
  /** After a link to a page that is in English only; empty in English. */
  inEnglishOnly: inEnglishOnly.en,
  skipLink: 'Skip to content',
  /** The logo link's name for screen readers, after the firm's short name. */
  logoHome: ' — home',
  header: {
    mainNav: 'Main',
    submenu: (label: string) => `${label} pages`,
    cta: 'Get in Touch',
    /** The language switcher's landmark. */
    languages: 'Language',
  },
  menu: { open: 'Open menu', close: 'Close menu', title: 'Menu', nav: 'Mobile', cta: 'Get in Touch' },
  /** Navigation labels by the English label of src/site.config.ts; English uses that label as it is. */
  navLabels: {} as Readonly<Record<string, string>>,
  newTab: '(opens in a new tab)',
  footer: {
    blurb: (firm: Firm) =>
      `${firm.name}. Advocates, commissioners for oaths and notaries public, serving clients across Kenya since ${firm.foundedYear}.`,
    social: 'Social media',
    nav: 'Footer',
    quickLinks: 'Quick links',
    offices: 'Our offices',
    talkToUs: 'Talk to us',
    rights: 'All rights reserved.',
    legal: 'Legal',
    privacy: 'Privacy Notice',
  },
  callToAction: {
    eyebrow: 'Book a consultation',
    heading: 'Have a legal matter on your mind? Let us walk with you.',
    text: 'Tell us what you are facing. An advocate will call you back within one working day.',
    button: "Let's Talk",
    orCall: 'Or call',
  },
  home: {
    /** The home page's title: the short name alone in English (search results add nothing to it). */
    title: (firm: Firm) => firm.shortName,
    eyebrow: (firm: Firm) => `Advocates · ${listInWords(firm.cities, '&')} · Since ${firm.foundedYear}`,
    explore: 'Explore our practice areas',
    book: 'Book a consultation',
    video: {
      title: (firm: Firm) => `${firm.shortName}: who we are`,
      label: 'Watch Video',
      description: 'Two minutes on how we work with our clients.',
      close: 'Close video',
    },
    podcastCard: { label: 'Just Legal Podcast', text: 'Conversations on Kenyan law in plain language.' },
    insightsCard: { label: 'Legal Insights', text: 'Commentary on the law as it changes.' },
    partners: { heading: 'Trusted by businesses and institutions across Kenya', more: 'View More' },
    podcast: {
      eyebrow: 'Just Legal Podcast',
      heading: 'Listen to our latest episodes',
      lead: 'Our advocates and guests unpack the legal questions Kenyans ask most, in plain language.',
      episode: 'Episode',
      /** An episode's running time as the data writes it ("63 minutes"). */
      time: (time: string) => time,
      play: 'Play Episode',
      more: 'View More Episodes',
    },
    practice: {
      eyebrow: 'Practice areas',
      heading: 'How we can help',
      all: 'See all practice areas',
      more: 'Explore →',
    },
    process: {
      eyebrow: 'How we work',
      heading: 'Your matter, step by step',
      lead: (steps: number) =>
        `${capitalise(countInWords(steps, 'stage', 'stages'))} we follow with every client, so you always know where your matter stands and what comes next.`,
    },
    apartEyebrow: 'Why clients stay',
    who: { eyebrow: 'About the firm', more: 'Know more About' },
    articles: {
      eyebrow: 'Insights',
      heading: 'Fresh off Our Legal Press',
      lead: 'Commentary by experienced professionals on the laws, judgments and policy changes that affect Kenyan businesses and families.',
      more: 'Read More Articles',
    },
  },
  about: {
    title: 'About Us',
    eyebrow: 'Who we are',
    heading: 'A boutique firm that fights alongside its clients',
    lead: (firm: Firm) =>
      `Since ${firm.foundedYear}, ${firm.name} has advised families, businesses and institutions from ${listInWords(firm.cities)}.`,
    storyEyebrow: 'Our story',
    storyHeading: 'Three friends, one conviction',
    purpose: 'Mission and vision',
    mission: 'Our Mission',
    vision: 'Our Vision',
    valuesEyebrow: 'What guides us',
    values: 'Our Values',
  },
  team: {
    eyebrow: 'Our people',
    heading: 'Meet the team',
    lead: 'Advocates of the High Court of Kenya and the staff who support them. Select a person to read more.',
    join: 'Want to build your career with us?',
    joinLink: 'Work with Us',
    /** The team directory's dialog. */
    dialog: { close: 'Close', portraitOf: 'Portrait of' },
    /** Positions by their English name; English shows the name as it is. */
    positions: {} as Readonly<Record<string, string>>,
  },
  practiceAreas: {
    title: 'Practice Areas',
    /** Opens the listing's description; titles follow, as many as fit. */
    descriptionLead: (areas: number, firm: Firm) =>
      `${capitalise(countInWords(areas, 'area', 'areas'))} of practice at ${firm.shortName}: `,
    listWords: { and: 'and', more: 'more' },
    eyebrow: 'Practice areas',
    heading: 'What We Do',
    lead: (areas: number, firm: Firm) =>
      `${capitalise(countInWords(areas, 'area', 'areas'))} of practice, each led by an advocate who does this work every day, for clients in ${listInWords([...firm.cities, 'beyond'])}.`,
    list: 'Our practice areas',
    learnMore: 'Learn more →',
    learnMoreAbout: (title: string) => `Learn more about ${title}`,
  },
  practiceArea: {
    breadcrumb: 'Breadcrumb',
    services: 'Services',
    howWeHelp: 'How we help',
    successStories: 'Success Stories',
    consultation: 'Request For Consultation',
    consultationIntro: (title: string) =>
      `Tell us briefly about your matter and an advocate from our ${title.toLowerCase()} team will contact you.`,
    insightsEyebrow: 'Legal Insights',
    latestOn: (title: string) => `Latest on ${title.toLowerCase()}`,
    moreArticles: 'More articles',
  },
  articleCard: { readMore: 'Read more' },
  contact: {
    title: 'Contact Us',
    description: (firm: Firm) =>
      `Call, e-mail or visit ${firm.shortName} in ${listInWords(firm.cities, 'or')}, or send us a message through the contact form.`,
    eyebrow: 'We are listening',
    lead: 'Tell us about your matter. We reply to every message within one working day.',
    call: 'Call us',
    email: 'E-mail us',
    follow: 'Follow us',
    form: 'Send us a message',
    offices: 'Our Offices',
    map: (city: string, building: string, street: string) => `Map showing our ${city} office at ${building}, ${street}`,
    mapFallback: 'Map showing our office',
  },
  propertyCosts: propertyCostsText.en,
  notFound: {
    title: 'Page not found',
    description:
      'The page you were looking for does not exist. Find your way back to our practice areas, insights or contact details.',
    heading: 'Unexpected Application Error!',
    status: '404 Not Found',
    text: 'The page may have moved, or the address may be mistyped.',
    home: 'Back to home',
    contact: 'Contact us',
  },
};

export type InterfaceText = typeof en;

const sw: InterfaceText = {
  languageName: 'Kiswahili',
  inEnglishOnly: inEnglishOnly.sw,
  skipLink: 'Ruka hadi maudhui',
  logoHome: ' — ukurasa wa mwanzo',
  header: {
    mainNav: 'Menyu kuu',
    submenu: (label) => `Kurasa za ${label}`,
    cta: 'Wasiliana Nasi',
    languages: 'Lugha',
  },
  menu: { open: 'Fungua menyu', close: 'Funga menyu', title: 'Menyu', nav: 'Menyu ya simu', cta: 'Wasiliana Nasi' },
  navLabels: {
    Home: 'Mwanzo',
    About: 'Kuhusu Sisi',
    'Who we are': 'Sisi ni Nani',
    Team: 'Timu Yetu',
    'Clients & Partners': 'Wateja na Washirika',
    Careers: 'Nafasi za Kazi',
    'Practice Areas': 'Huduma Zetu',
    Insights: 'Makala',
    Podcast: 'Podikasti',
    'About Us': 'Kuhusu Sisi',
    Partners: 'Washirika',
    'Contact Us': 'Wasiliana Nasi',
    'Property costs estimator': 'Kikokotoo cha Gharama za Ardhi',
  },
  newTab: '(hufunguka kwenye kichupo kipya)',
  footer: {
    blurb: (firm) =>
      `${firm.name}. Mawakili, makamishna wa viapo na wathibitishaji rasmi wa hati (notaries public), tukihudumia wateja kote Kenya tangu ${firm.foundedYear}.`,
    social: 'Mitandao ya kijamii',
    nav: 'Viungo vya chini',
    quickLinks: 'Viungo muhimu',
    offices: 'Ofisi zetu',
    talkToUs: 'Zungumza nasi',
    rights: 'Haki zote zimehifadhiwa.',
    legal: 'Kisheria',
    privacy: 'Ilani ya Faragha',
  },
  callToAction: {
    eyebrow: 'Omba ushauri',
    heading: 'Una jambo la kisheria linalokusumbua? Tuko pamoja nawe.',
    text: 'Tueleze unachokabiliana nacho. Wakili atakupigia simu ndani ya siku moja ya kazi.',
    button: 'Tuzungumze',
    orCall: 'Au piga simu',
  },
  home: {
    title: (firm) => `Mawakili ${listInWords(firm.cities, 'na')}`,
    eyebrow: (firm) => `Mawakili · ${listInWords(firm.cities, '&')} · Tangu ${firm.foundedYear}`,
    explore: 'Angalia huduma zetu za kisheria',
    book: 'Omba ushauri',
    video: {
      title: (firm) => `${firm.shortName}: sisi ni nani`,
      label: 'Tazama Video',
      description: 'Dakika mbili kuhusu jinsi tunavyofanya kazi na wateja wetu (kwa Kiingereza).',
      close: 'Funga video',
    },
    podcastCard: { label: 'Just Legal Podcast', text: 'Mazungumzo kuhusu sheria za Kenya kwa lugha rahisi.' },
    insightsCard: { label: 'Makala za Kisheria', text: 'Uchambuzi wa sheria kadiri inavyobadilika.' },
    partners: { heading: 'Tunaaminiwa na biashara na taasisi kote Kenya', more: 'Tazama Zaidi' },
    podcast: {
      eyebrow: 'Just Legal Podcast (kwa Kiingereza)',
      heading: 'Sikiliza vipindi vyetu vya karibuni',
      lead: 'Mawakili wetu na wageni wao wanajibu maswali ya kisheria ambayo Wakenya huuliza mara nyingi, kwa lugha rahisi.',
      episode: 'Kipindi',
      time: (time) => time.replace(/^(\d+) minutes$/, 'dakika $1'),
      play: 'Sikiliza Kipindi',
      more: 'Vipindi Zaidi',
    },
    practice: {
      eyebrow: 'Huduma za kisheria',
      heading: 'Jinsi tunavyoweza kukusaidia',
      all: 'Angalia huduma zote za kisheria',
      more: 'Soma zaidi →',
    },
    process: {
      eyebrow: 'Jinsi tunavyofanya kazi',
      heading: 'Shauri lako, hatua kwa hatua',
      lead: (steps) =>
        `${capitalise(kiswahiliCount(steps, 'hatua', 'hatua', 'n'))} tunazofuata na kila mteja, ili ujue shauri lako limefika wapi na nini kinafuata.`,
    },
    apartEyebrow: 'Kwa nini wateja hubaki nasi',
    who: { eyebrow: 'Kuhusu kampuni', more: 'Fahamu Zaidi Kutuhusu' },
    articles: {
      eyebrow: 'Makala (kwa Kiingereza)',
      heading: 'Makala Mapya ya Kisheria',
      lead: 'Uchambuzi wa wataalamu wenye uzoefu kuhusu sheria, hukumu na mabadiliko ya sera yanayogusa biashara na familia za Kenya.',
      more: 'Soma Makala Zaidi',
    },
  },
  about: {
    title: 'Kuhusu Sisi',
    eyebrow: 'Sisi ni nani',
    heading: 'Kampuni ndogo ya mawakili inayopambana bega kwa bega na wateja wake',
    lead: (firm) =>
      `Tangu ${firm.foundedYear}, ${firm.name} imeshauri familia, biashara na taasisi kutoka ${listInWords(firm.cities, 'na')}.`,
    storyEyebrow: 'Historia yetu',
    storyHeading: 'Marafiki watatu, imani moja',
    purpose: 'Dhamira na maono',
    mission: 'Dhamira Yetu',
    vision: 'Maono Yetu',
    valuesEyebrow: 'Kinachotuongoza',
    values: 'Maadili Yetu',
  },
  team: {
    eyebrow: 'Watu wetu',
    heading: 'Kutana na timu yetu',
    lead: 'Mawakili wa Mahakama Kuu ya Kenya na wafanyakazi wanaowasaidia. Chagua mtu ili usome zaidi kumhusu (kwa Kiingereza).',
    join: 'Ungependa kujenga taaluma yako pamoja nasi?',
    joinLink: 'Fanya Kazi Nasi',
    dialog: { close: 'Funga', portraitOf: 'Picha ya' },
    positions: {
      'Senior Partner': 'Mshirika Mkuu',
      'Managing Partner': 'Mshirika Msimamizi',
      Partner: 'Mshirika',
      'Senior Associate': 'Wakili Mwandamizi',
      Associate: 'Wakili',
      Administrator: 'Msimamizi wa Ofisi',
    },
  },
  practiceAreas: {
    title: 'Huduma za Kisheria',
    descriptionLead: (areas, firm) =>
      `${capitalise(kiswahiliCount(areas, 'eneo', 'maeneo', 'ma'))} ya huduma za kisheria ya ${firm.shortName}: `,
    listWords: { and: 'na', more: 'mengineyo' },
    eyebrow: 'Huduma za kisheria',
    heading: 'Tunachofanya',
    lead: (areas, firm) =>
      `${capitalise(kiswahiliCount(areas, 'eneo', 'maeneo', 'ma'))} ya huduma za kisheria, kila moja likiongozwa na wakili anayefanya kazi hii kila siku, kwa wateja wa ${listInWords([...firm.cities, 'kwingineko'], 'na')}.`,
    list: 'Huduma zetu za kisheria',
    learnMore: 'Soma zaidi →',
    learnMoreAbout: (title) => `Soma zaidi kuhusu ${title}`,
  },
  practiceArea: {
    breadcrumb: 'Njia ya ukurasa',
    services: 'Huduma',
    howWeHelp: 'Jinsi tunavyokusaidia',
    successStories: 'Mafanikio Yetu',
    consultation: 'Omba Ushauri',
    consultationIntro: () =>
      'Tueleze kwa ufupi kuhusu shauri lako na wakili wa timu yetu katika eneo hili atawasiliana nawe.',
    insightsEyebrow: 'Makala za Kisheria (kwa Kiingereza)',
    latestOn: (title) => `Makala za karibuni: ${title}`,
    moreArticles: 'Makala zaidi (kwa Kiingereza)',
  },
  articleCard: { readMore: 'Soma zaidi' },
  contact: {
    title: 'Wasiliana Nasi',
    description: (firm) =>
      `Piga simu, tuma barua pepe au tembelea ${firm.shortName} ${listInWords(firm.cities, 'au')}, au tutumie ujumbe kupitia fomu ya mawasiliano.`,
    eyebrow: 'Tunakusikiliza',
    lead: 'Tueleze kuhusu shauri lako. Tunajibu kila ujumbe ndani ya siku moja ya kazi.',
    call: 'Tupigie simu',
    email: 'Tutumie barua pepe',
    follow: 'Tufuate',
    form: 'Tutumie ujumbe',
    offices: 'Ofisi Zetu',
    map: (city, building, street) => `Ramani inayoonyesha ofisi yetu ya ${city} katika ${building}, ${street}`,
    mapFallback: 'Ramani inayoonyesha ofisi yetu',
  },
  propertyCosts: propertyCostsText.sw,
  notFound: {
    title: 'Ukurasa haukupatikana',
    description:
      'Ukurasa uliotafuta haupo. Rudi kwenye huduma zetu za kisheria, makala au maelezo yetu ya mawasiliano.',
    heading: 'Hitilafu Isiyotarajiwa!',
    status: '404 Ukurasa Haukupatikana',
    text: 'Huenda ukurasa umehamishwa, au anwani imeandikwa vibaya.',
    home: 'Rudi mwanzo',
    contact: 'Wasiliana nasi',
  },
};

/** The site's furniture in each language. */
export const interfaceText: Readonly<Record<Language, InterfaceText>> = { en, sw };
