// The property costs estimator's words (/tools/property-costs), in each language
// of the site: its page, the box on its practice area's page, and the calculator's
// own words, which the page hands its island as they are. Part of the site's
// furniture (interface-text.ts gives them as `propertyCosts`), in a file of their
// own. The rates and the checklist are the firm's content: property-rates.json,
// property-transfer.ts.
import type { RateId } from '../lib/property-costs/rates.ts';

const en = {
  title: 'Property costs estimator',
  description:
    'Estimate the stamp duty and capital gains tax on a land or house purchase in Kenya, with the law each comes from.',
  eyebrow: 'Conveyancing',
  heading: 'What will my land purchase cost?',
  lead: 'Besides the price, a transfer of land in Kenya costs government duties and taxes. Estimate them here, each with the law it comes from. Our own fees are not included.',
  ratesHeading: 'The rates and the law',
  ratesTable: { name: 'Duty or tax', rate: 'Rate' },
  /** Each rate of src/content/property-rates.json, by its id. */
  rateNames: {
    'stamp-duty-town': 'Stamp duty, land within a municipality or town',
    'stamp-duty-rural': 'Stamp duty, land outside a town (agricultural or rural)',
    'stamp-duty-first-time-buyer': 'Stamp duty, a first-time home owner under the affordable housing scheme',
    'capital-gains-tax': 'Capital gains tax, on the seller’s net gain',
  } satisfies Record<RateId, string>,
  /** A rate of 0: an exemption. */
  nil: 'Nil',
  checkedOn: (date: string) => `Rates last checked on ${date}`,
  checklistHeading: 'What the transfer needs',
  checklistLead:
    'What a transfer of land in Kenya usually needs, from the first search to registration. Your advocate will tell you what yours needs.',
  /** The box on the practice area's page that links the estimator. */
  fromPracticeArea: {
    heading: 'What will the transfer cost?',
    text: 'Estimate the stamp duty and capital gains tax on a purchase, each with the law it comes from.',
    link: 'Property costs estimator',
  },
  /**
   * The calculator's words, handed to its island as they are: plain text only, with
   * {percent}, {gain}, {amount}, {area} and {url} filled in there.
   */
  estimator: {
    formHeading: 'Your purchase',
    price: 'Price of the property (KES)',
    priceHint: 'In Kenya shillings, e.g. 5,000,000',
    area: 'Where is the property?',
    areaHint: 'Stamp duty is lower outside municipalities and towns.',
    town: 'Within a municipality or town',
    rural: 'Outside a town: agricultural or rural land',
    firstTime: 'The buyer is a first-time home owner buying under the affordable housing scheme',
    firstTimeHint: 'Such a purchase pays no stamp duty.',
    seller: 'For the seller',
    sellerHint: 'To estimate capital gains tax, give what the seller paid for the property.',
    optional: '(optional)',
    paid: 'What the seller paid for it (KES)',
    costs: 'The seller’s allowable costs (KES)',
    costsHint: 'Legal and valuation fees, stamp duty and improvements the seller paid for. Leave blank if none.',
    notAmount: 'Enter an amount in shillings, e.g. 5,000,000.',
    submit: 'Estimate',
    resultHeading: 'Your estimate',
    empty:
      'Enter the price and where the property lies to see the stamp duty; add what the seller paid to see capital gains tax.',
    percent: '{percent}%',
    stampDuty: 'Stamp duty (the buyer pays)',
    stampDutyTown:
      '{percent} of the value of land within a municipality or town. KRA charges it on the price or on the government valuer’s value, whichever is higher, and the transfer is registered only once it is paid.',
    stampDutyRural:
      '{percent} of the value of land outside municipalities and towns. KRA charges it on the price or on the government valuer’s value, whichever is higher, and the transfer is registered only once it is paid.',
    stampDutyExempt:
      'Nil: a first-time home owner buying a house under the affordable housing scheme pays no stamp duty on the transfer.',
    stampDutyNeedsArea: 'Choose where the property lies to see the stamp duty.',
    capitalGainsTax: 'Capital gains tax (the seller pays)',
    capitalGainsTaxOnGain:
      '{percent} of the seller’s net gain of {gain}: the price, less what they paid and their allowable costs. The seller pays it to KRA before the transfer is registered.',
    capitalGainsTaxNoGain:
      'Nil: the price is no more than what the seller paid and their allowable costs, so there is no gain to tax.',
    capitalGainsTaxNeedsPaid: 'Add what the seller paid to see capital gains tax.',
    law: 'The law:',
    notice:
      'This is an estimate, not legal advice: it leaves out our fees, registration and other charges, and the law may apply differently to your purchase.',
    consult: 'Request a consultation',
    share: 'Share this estimate on WhatsApp',
    summaryTitle: 'Property costs estimate',
    summaryPrice: 'Price: {amount}',
    summaryStampDuty: 'Stamp duty: {amount}',
    summaryCapitalGainsTax: 'Capital gains tax: {amount}',
    summaryLink: 'An estimate, not legal advice: {url}',
  },
};

export type PropertyCostsText = typeof en;

const sw: PropertyCostsText = {
  title: 'Kikokotoo cha Gharama za Ardhi',
  description:
    'Kadiria ushuru wa stempu na kodi ya faida ya mtaji kwa ununuzi wa ardhi au nyumba nchini Kenya, pamoja na sheria ya kila kimoja.',
  eyebrow: 'Uhamisho wa ardhi',
  heading: 'Kununua ardhi kutanigharimu kiasi gani?',
  lead: 'Mbali na bei, uhamisho wa ardhi nchini Kenya hutozwa ushuru na kodi za serikali. Kadiria gharama hizo hapa, kila moja pamoja na sheria inayoiweka. Ada zetu hazijajumuishwa.',
  ratesHeading: 'Viwango na sheria',
  ratesTable: { name: 'Ushuru au kodi', rate: 'Kiwango' },
  rateNames: {
    'stamp-duty-town': 'Ushuru wa stempu, ardhi iliyo ndani ya manispaa au mji',
    'stamp-duty-rural': 'Ushuru wa stempu, ardhi iliyo nje ya mji (ya kilimo au ya vijijini)',
    'stamp-duty-first-time-buyer':
      'Ushuru wa stempu, mmiliki wa nyumba kwa mara ya kwanza chini ya mpango wa nyumba za gharama nafuu',
    'capital-gains-tax': 'Kodi ya faida ya mtaji, kwa faida halisi ya muuzaji',
  },
  nil: 'Hakuna',
  checkedOn: (date) => `Viwango vilikaguliwa mara ya mwisho tarehe ${date}`,
  checklistHeading: 'Mahitaji ya uhamisho',
  checklistLead:
    'Mambo ambayo uhamisho wa ardhi nchini Kenya kwa kawaida huhitaji, kuanzia upekuzi wa kwanza hadi usajili. Wakili wako atakueleza yale ambayo uhamisho wako unahitaji.',
  fromPracticeArea: {
    heading: 'Uhamisho utagharimu kiasi gani?',
    text: 'Kadiria ushuru wa stempu na kodi ya faida ya mtaji kwa ununuzi, kila kimoja pamoja na sheria inayokiweka.',
    link: 'Kikokotoo cha gharama za ardhi',
  },
  estimator: {
    formHeading: 'Ununuzi wako',
    price: 'Bei ya mali (KES)',
    priceHint: 'Kwa shilingi za Kenya, kwa mfano 5,000,000',
    area: 'Mali iko wapi?',
    areaHint: 'Ushuru wa stempu ni mdogo zaidi nje ya manispaa na miji.',
    town: 'Ndani ya manispaa au mji',
    rural: 'Nje ya mji: ardhi ya kilimo au ya vijijini',
    firstTime: 'Mnunuzi ananunua nyumba yake ya kwanza chini ya mpango wa nyumba za gharama nafuu',
    firstTimeHint: 'Ununuzi wa aina hii hautozwi ushuru wa stempu.',
    seller: 'Kwa muuzaji',
    sellerHint: 'Ili kukadiria kodi ya faida ya mtaji, weka bei ambayo muuzaji alinunulia mali hii.',
    optional: '(si lazima)',
    paid: 'Bei ambayo muuzaji alinunulia (KES)',
    costs: 'Gharama za muuzaji zinazokubalika kisheria (KES)',
    costsHint: 'Ada za wakili na za uthamini, ushuru wa stempu na maboresho aliyolipia muuzaji. Acha wazi kama hakuna.',
    notAmount: 'Weka kiasi kwa shilingi, kwa mfano 5,000,000.',
    submit: 'Kadiria',
    resultHeading: 'Makadirio yako',
    empty:
      'Weka bei na mahali mali ilipo ili kuona ushuru wa stempu; ongeza bei ambayo muuzaji alinunulia ili kuona kodi ya faida ya mtaji.',
    percent: 'asilimia {percent}',
    stampDuty: 'Ushuru wa stempu (hulipwa na mnunuzi)',
    stampDutyTown:
      'Ni {percent} ya thamani ya ardhi iliyo ndani ya manispaa au mji. KRA huutoza kwa bei au kwa thamani ya mthamini wa serikali, yoyote iliyo kubwa zaidi, na uhamisho husajiliwa tu baada ya kulipwa.',
    stampDutyRural:
      'Ni {percent} ya thamani ya ardhi iliyo nje ya manispaa na miji. KRA huutoza kwa bei au kwa thamani ya mthamini wa serikali, yoyote iliyo kubwa zaidi, na uhamisho husajiliwa tu baada ya kulipwa.',
    stampDutyExempt:
      'Hakuna: mmiliki wa nyumba kwa mara ya kwanza anayenunua nyumba chini ya mpango wa nyumba za gharama nafuu halipi ushuru wa stempu kwa uhamisho huu.',
    stampDutyNeedsArea: 'Chagua mahali mali ilipo ili kuona ushuru wa stempu.',
    capitalGainsTax: 'Kodi ya faida ya mtaji (hulipwa na muuzaji)',
    capitalGainsTaxOnGain:
      'Ni {percent} ya faida halisi ya muuzaji ya {gain}: bei, ukiondoa alicholipa na gharama zake zinazokubalika. Muuzaji huilipa KRA kabla uhamisho haujasajiliwa.',
    capitalGainsTaxNoGain:
      'Hakuna: bei haizidi alicholipa muuzaji pamoja na gharama zake zinazokubalika, kwa hiyo hakuna faida ya kutozwa kodi.',
    capitalGainsTaxNeedsPaid: 'Ongeza bei ambayo muuzaji alinunulia ili kuona kodi ya faida ya mtaji.',
    law: 'Kwa mujibu wa:',
    notice:
      'Haya ni makadirio tu, si ushauri wa kisheria: hayajumuishi ada zetu, ada za usajili na gharama nyinginezo, na sheria inaweza kutumika kwa namna tofauti kwa ununuzi wako.',
    consult: 'Omba ushauri',
    share: 'Shiriki makadirio haya kupitia WhatsApp',
    summaryTitle: 'Makadirio ya gharama za ununuzi wa ardhi',
    summaryPrice: 'Bei: {amount}',
    summaryStampDuty: 'Ushuru wa stempu: {amount}',
    summaryCapitalGainsTax: 'Kodi ya faida ya mtaji: {amount}',
    summaryLink: 'Makadirio tu, si ushauri wa kisheria: {url}',
  },
};

export const propertyCostsText = { en, sw } as const;
