// The firm's own copy that is not a list of entries: the home hero, the client
// process, what sets the firm apart, the About page and the Who We Are section,
// with the images that go with them. Data only: a firm rebranding the site
// replaces this file; src/content/firm.ts checks it against `firmSchema` when
// the site builds and fails the build with the path of a bad field. The
// Kiswahili of the /sw/ pages is `sw`, beside the English it translates; a firm
// whose site is in English only (site.config.ts `languages`) may leave it out.
import { site } from '../site.config.ts';
import { kiswahiliCount } from '../lib/i18n/kiswahili.ts';
import { capitalise, numberInWords } from '../lib/words.ts';
import applicationSuccess from '../assets/careers/application-success.svg';
import aboutNairobiSkyline from '../assets/about/hero-nairobi-skyline.svg';
import aboutPortico from '../assets/about/hero-portico.svg';
import aboutScales from '../assets/about/hero-scales.svg';
import shareDefault from '../assets/share/default.png';
import whoWeAreArcade from '../assets/who-we-are/arcade.svg';
import whoWeAreSteps from '../assets/who-we-are/steps.svg';

// Counted from the data, one file per practice area, so an area added there is
// counted here too. Only each file's `id` is imported, which keeps the rest of
// the areas' text out of the modules that import this copy.
const practiceAreaTotal = Object.keys(
  import.meta.glob('./practice-areas/*.json', { eager: true, import: 'id' }),
).length;
const practiceAreaCount = numberInWords(practiceAreaTotal);
/** "maeneo manane": the count in Kiswahili, agreeing with its noun. */
const practiceAreaCountSw = kiswahiliCount(practiceAreaTotal, 'eneo', 'maeneo', 'ma');

export const firmCopy = {
  /** The search-engine descriptions (50 to 160 characters) of the two pages that describe the firm itself. */
  descriptions: {
    home: `${site.shortName} is a boutique Kenyan law firm in Nairobi and Kakamega advising businesses, families and institutions with strategic, hands-on counsel.`,
    about: `Founded in ${site.foundedYear} by three lawyer friends, ${site.shortName} is a boutique Kenyan law firm with offices in Nairobi and Kakamega.`,
  },

  hero: {
    tagline: 'Strategic counsel. Steadfast advocacy.',
    subTagline: `A boutique law firm in Nairobi and Kakamega advising businesses, families and institutions across Kenya since ${site.foundedYear}.`,
  },

  clientProcess: [
    {
      title: 'Collaborative Planning',
      description:
        'We start by listening: your goals, your constraints and the facts as you see them. Together we agree what success looks like and the route to it.',
    },
    {
      title: 'Formalized Agreement',
      description:
        'We confirm the scope of work, the team, the timelines and our fees in a written engagement letter, so there are no surprises later.',
    },
    {
      title: 'Taking Action',
      description:
        'Your team gets to work: researching, drafting, negotiating, filing and appearing for you, with a partner accountable for the result.',
    },
    {
      title: 'Continually Give Updates',
      description:
        'You hear from us at every significant step and whenever something changes, in plain language and with our recommendation on what to do next.',
    },
    {
      title: 'Successful Completion & Handover',
      description:
        'When the matter is concluded we hand over signed documents, registered titles or orders, and a short note of anything you need to do next.',
    },
    {
      title: 'Beyond the Case',
      description:
        'Our relationship does not end with the file. We check in on deadlines, renewals and changes in the law that affect you.',
    },
  ],

  whatSetsUsApart: {
    heading: 'What Sets Us Apart',
    intro:
      'A boutique firm by choice: small enough to know every client well, experienced enough to handle complex matters across practice areas.',
    items: [
      {
        title: 'Personalized Attention',
        description:
          'A partner leads every matter, and you deal with the same small team from the first meeting to the last.',
      },
      {
        title: 'Agility and Responsiveness',
        description:
          'We return calls and emails promptly and move quickly when a deadline, a court date or a deal demands it.',
      },
      {
        title: 'Unmatched Client Focus',
        description:
          'Our advice starts from your commercial and personal objectives, not from what is most convenient for the firm.',
      },
      {
        title: 'Strategic Adaptability',
        description:
          'When facts, regulations or the other side change course, we reassess the strategy with you rather than persist with a plan that no longer fits.',
      },
      {
        title: 'Broad Expertise',
        description: `${capitalise(practiceAreaCount)} practice areas under one roof mean that a land, tax, employment or succession question inside your matter is handled by a colleague down the corridor.`,
      },
    ],
  },

  about: {
    heroImages: [
      { src: aboutNairobiSkyline, alt: 'Line drawing of the Nairobi skyline with the KICC tower' },
      { src: aboutPortico, alt: 'Classical portico with six columns' },
      { src: aboutScales, alt: 'The scales of justice drawn in gold on navy' },
    ],
    history: [
      `${site.name} was founded in ${site.foundedYear} by three lawyer friends who had known one another since their first years in practice. Caroline Muthoni, Brian Nyongesa and Dennis Otieno had each spent several years in larger firms, and shared a conviction that clients deserve a partner who knows their matter personally and answers the phone.`,
      'The firm opened on Chania Avenue in Nairobi and, within two years, a second office in Kakamega to serve clients across Western Kenya, many of them families and businesses the founders had grown up alongside.',
      `Today the firm advises businesses, families, lenders, public benefit organisations and public bodies across ${practiceAreaCount} practice areas, while keeping the size and the habits of a boutique practice.`,
    ],
    mission:
      'To give every client clear, practical and timely legal counsel, and to stand with them until their matter is resolved.',
    vision: 'To be the boutique law firm that Kenyan businesses and families trust for counsel across generations.',
    values: [
      {
        title: 'Integrity',
        description:
          'We give honest advice, even when it is not what a client hoped to hear, and we keep the confidences entrusted to us.',
      },
      {
        title: 'Excellence',
        description: 'We prepare thoroughly, check our work and hold ourselves to the standards of the profession.',
      },
      {
        title: 'Partnership',
        description:
          'We work alongside our clients and with one another, sharing knowledge across practice areas and offices.',
      },
      {
        title: 'Accountability',
        description: 'We own our advice and our deadlines, and we tell clients promptly when something changes.',
      },
      {
        title: 'Respect',
        description: 'We treat clients, colleagues, opponents and the courts with courtesy, whatever the stakes.',
      },
    ],
  },

  whoWeAre: {
    heading: 'Who We Are',
    lead: 'We are a boutique law firm that fights alongside our clients, not merely on their behalf.',
    paragraphs: [
      'The legal system can feel slow, technical and intimidating. We guide our clients through it step by step: explaining the law that applies, the options open to them and the likely cost and timing of each, so that every decision is an informed one.',
      'Our counsel is strategic as well as legal. We look at the commercial, family and reputational picture around each matter and advise on the course that protects it, whether that is a negotiated settlement, a well-drafted agreement or a firm stand in court.',
    ],
    images: [
      { src: whoWeAreArcade, alt: '' },
      { src: whoWeAreSteps, alt: '' },
    ],
  },

  applicationSuccessImage: {
    src: applicationSuccess,
    alt: 'An application document with a gold seal of approval',
  },
  defaultShareImage: { src: shareDefault, alt: site.name },

  /** The Kiswahili of the copy above, for the /sw/ pages; the images are the same. */
  sw: {
    descriptions: {
      home: `${site.shortName} ni kampuni ya mawakili jijini Nairobi na Kakamega inayozipa biashara, familia na taasisi ushauri wa kimkakati na wa kibinafsi.`,
      about: `Ilianzishwa mwaka ${site.foundedYear} na marafiki watatu mawakili, ${site.shortName} ni kampuni ya mawakili yenye ofisi Nairobi na Kakamega.`,
    },
    hero: {
      tagline: 'Ushauri wa kimkakati. Utetezi thabiti.',
      subTagline: `Kampuni ya mawakili jijini Nairobi na Kakamega inayoshauri biashara, familia na taasisi kote Kenya tangu ${site.foundedYear}.`,
    },
    clientProcess: [
      {
        title: 'Kupanga Pamoja',
        description:
          'Tunaanza kwa kukusikiliza: malengo yako, changamoto zako na ukweli wa mambo kama unavyouona. Kwa pamoja tunakubaliana mafanikio ni nini na njia ya kuyafikia.',
      },
      {
        title: 'Makubaliano Rasmi',
        description:
          'Tunathibitisha kazi itakayofanywa, timu, muda na ada zetu katika barua rasmi ya makubaliano, ili kusiwe na mshangao baadaye.',
      },
      {
        title: 'Kuchukua Hatua',
        description:
          'Timu yako inaanza kazi: kufanya utafiti, kuandaa nyaraka, kujadiliana, kuwasilisha nyaraka mahakamani na kukuwakilisha, huku mshirika mmoja akiwajibika kwa matokeo.',
      },
      {
        title: 'Taarifa za Mara kwa Mara',
        description:
          'Tunakujulisha kila hatua muhimu inapofikiwa na kila jambo linapobadilika, kwa lugha rahisi na pamoja na pendekezo letu kuhusu hatua inayofuata.',
      },
      {
        title: 'Kukamilisha na Kukabidhi',
        description:
          'Shauri linapokamilika tunakukabidhi nyaraka zilizotiwa saini, hati miliki zilizosajiliwa au amri za mahakama, pamoja na maelezo mafupi ya lolote unalopaswa kufanya baadaye.',
      },
      {
        title: 'Baada ya Shauri',
        description:
          'Uhusiano wetu hauishii faili linapofungwa. Tunakukumbusha kuhusu tarehe za mwisho, uhuishaji wa leseni na mabadiliko ya sheria yanayokuhusu.',
      },
    ],
    whatSetsUsApart: {
      heading: 'Kinachotutofautisha',
      intro:
        'Tumechagua kuwa kampuni ndogo: ndogo kiasi cha kumfahamu kila mteja vizuri, na yenye uzoefu wa kutosha kushughulikia mashauri magumu katika nyanja mbalimbali za sheria.',
      items: [
        {
          title: 'Huduma ya Kibinafsi',
          description:
            'Mshirika huongoza kila shauri, na unahudumiwa na timu ileile ndogo tangu mkutano wa kwanza hadi wa mwisho.',
        },
        {
          title: 'Wepesi na Haraka',
          description:
            'Tunajibu simu na barua pepe bila kuchelewa, na tunachukua hatua upesi pale tarehe ya mwisho, tarehe ya kusikilizwa kwa kesi au mpango wa biashara unapodai hivyo.',
        },
        {
          title: 'Mteja Kwanza',
          description:
            'Ushauri wetu unaanzia kwenye malengo yako ya kibiashara na ya kibinafsi, si kwenye kile kinachoifaa kampuni zaidi.',
        },
        {
          title: 'Kubadilika kwa Busara',
          description:
            'Ukweli, kanuni au msimamo wa upande mwingine unapobadilika, tunapitia upya mkakati pamoja nawe badala ya kung’ang’ania mpango usiofaa tena.',
        },
        {
          title: 'Utaalamu Mpana',
          description: `${capitalise(practiceAreaCountSw)} ya huduma za kisheria mahali pamoja: swali la ardhi, kodi, ajira au mirathi ndani ya shauri lako linashughulikiwa na mwenzetu aliye hapa hapa ofisini.`,
        },
      ],
    },
    about: {
      /** The alt text of each of the About page's hero images, in their order. */
      heroImageAlts: [
        'Mchoro wa mandhari ya jiji la Nairobi pamoja na jumba la KICC',
        'Ukumbi wa mtindo wa kale wenye nguzo sita',
        'Mizani ya haki iliyochorwa kwa rangi ya dhahabu juu ya samawati iliyokolea',
      ],
      history: [
        `${site.name} ilianzishwa mwaka ${site.foundedYear} na marafiki watatu mawakili waliofahamiana tangu miaka yao ya kwanza katika uwakili. Caroline Muthoni, Brian Nyongesa na Dennis Otieno kila mmoja alikuwa amefanya kazi kwa miaka kadhaa katika kampuni kubwa za mawakili, na wote waliamini kwamba mteja anastahili wakili anayelifahamu shauri lake yeye binafsi na anayepokea simu yake.`,
        'Kampuni ilifungua ofisi yake ya kwanza katika barabara ya Chania Avenue jijini Nairobi na, ndani ya miaka miwili, ofisi ya pili mjini Kakamega ili kuhudumia wateja wa Magharibi mwa Kenya, wengi wao familia na biashara ambazo waanzilishi walikua pamoja nazo.',
        `Leo kampuni inashauri biashara, familia, wakopeshaji, mashirika ya manufaa ya umma na taasisi za umma katika ${practiceAreaCountSw} ya huduma za kisheria, huku ikidumisha ukubwa na mazoea ya kampuni ndogo inayomfahamu kila mteja.`,
      ],
      mission:
        'Kumpa kila mteja ushauri wa kisheria ulio wazi, wa vitendo na kwa wakati, na kusimama naye hadi shauri lake litatuliwe.',
      vision:
        'Kuwa kampuni ya mawakili ambayo biashara na familia za Kenya zinaiamini kwa ushauri kutoka kizazi hadi kizazi.',
      values: [
        {
          title: 'Uadilifu',
          description:
            'Tunatoa ushauri wa kweli hata pale usipokuwa ule mteja aliotarajia kuusikia, na tunatunza siri tulizokabidhiwa.',
        },
        {
          title: 'Ubora',
          description: 'Tunajiandaa kikamilifu, tunakagua kazi yetu na tunajipima kwa viwango vya taaluma ya uwakili.',
        },
        {
          title: 'Ushirikiano',
          description:
            'Tunafanya kazi bega kwa bega na wateja wetu na sisi kwa sisi, tukibadilishana maarifa kati ya nyanja za sheria na ofisi zetu.',
        },
        {
          title: 'Uwajibikaji',
          description:
            'Tunawajibika kwa ushauri wetu na kwa tarehe zetu za mwisho, na tunawajulisha wateja mapema jambo linapobadilika.',
        },
        {
          title: 'Heshima',
          description:
            'Tunawaheshimu wateja, wenzetu, wapinzani wetu na mahakama, bila kujali uzito wa jambo lililopo.',
        },
      ],
    },
    whoWeAre: {
      heading: 'Sisi ni Nani',
      lead: 'Sisi ni kampuni ndogo ya mawakili inayopambana bega kwa bega na wateja wetu, si kwa niaba yao tu.',
      paragraphs: [
        'Mfumo wa sheria unaweza kuonekana wa polepole, wa kitaalamu na mgumu kueleweka. Tunawaongoza wateja wetu ndani yake hatua kwa hatua: tukieleza sheria inayohusika, njia walizo nazo, na gharama na muda unaotarajiwa kwa kila njia, ili kila uamuzi ufanywe kwa ufahamu kamili.',
        'Ushauri wetu ni wa kimkakati pamoja na wa kisheria. Tunaangalia picha nzima ya kibiashara, ya kifamilia na ya sifa ya mteja inayozunguka kila shauri, na tunashauri njia itakayoilinda, iwe ni suluhu ya mazungumzo, mkataba ulioandaliwa vyema au msimamo thabiti mahakamani.',
      ],
    },
    /** site.config.ts `openingHours.days`, in Kiswahili. */
    openingDays: 'Jumatatu hadi Ijumaa',
  },
};
