// The property costs estimator's content beside its rates
// (src/content/property-rates.json): the practice area it belongs to — whose page
// links it, and whose consultation form an estimate offers — and the checklist of
// what a transfer of land needs, in each language of the site (docs/content.md,
// "Property costs").
import type { Language } from '../lib/i18n/languages.ts';

/** The `url_param` of the practice area the estimator belongs to; without such an area it links the contact page. */
export const estimatorPracticeArea = 'conveyance-and-real-estate';

export interface ChecklistItem {
  title: string;
  text: string;
}

/** What a transfer needs, in the order it is usually done; the same items in each language. */
export const transferChecklist = {
  en: [
    {
      title: 'Official search',
      text: 'A search at the Lands Registry (on Ardhisasa where the registry is on it) shows who owns the land and any charge, caution or restriction on it. Search before paying a deposit, and again before completion.',
    },
    {
      title: 'Land Control Board consent, for agricultural land',
      text: 'The sale of agricultural land needs the consent of the area’s Land Control Board, applied for within six months of the sale agreement; without it the sale is void (Land Control Act, Cap. 302, sections 6 and 8).',
    },
    {
      title: 'Rates clearance certificate',
      text: 'From the county government, showing that the land rates are paid up to date.',
    },
    {
      title: 'Rent clearance certificate, for leasehold land',
      text: 'From the Ministry of Lands or the county, showing that the ground rent is paid; some leases also need the lessor’s consent to the transfer.',
    },
    {
      title: 'KRA PINs and IDs',
      text: 'The KRA PIN certificates and national identity cards (or passports) of buyer and seller, with passport photographs; for a company, its certificate of incorporation, its CR12 and its directors’ PINs and IDs.',
    },
    {
      title: 'Spousal consent',
      text: 'Where the land is matrimonial property, the consent of the seller’s spouse.',
    },
    {
      title: 'Valuation for stamp duty',
      text: 'The government valuer assesses the value of the property; stamp duty is charged on that value where it is higher than the price.',
    },
    {
      title: 'Duty and tax paid',
      text: 'Stamp duty paid by the buyer and capital gains tax by the seller, both through KRA’s iTax, before the transfer is lodged.',
    },
    {
      title: 'Transfer signed and registered',
      text: 'The transfer is signed by both parties before a witness the law accepts, then lodged with the original title, the consents, the certificates and the receipts; the registry then registers the buyer as the owner.',
    },
  ],
  sw: [
    {
      title: 'Upekuzi rasmi wa rejista',
      text: 'Upekuzi katika Masjala ya Ardhi (kupitia Ardhisasa pale masjala ilipo kwenye mfumo huo) huonyesha mmiliki wa ardhi na rehani, tahadhari au kizuizi chochote kilichowekwa. Fanya upekuzi kabla ya kulipa malipo ya awali, na tena kabla ya kukamilisha ununuzi.',
    },
    {
      title: 'Idhini ya Bodi ya Udhibiti wa Ardhi, kwa ardhi ya kilimo',
      text: 'Mauzo ya ardhi ya kilimo yanahitaji idhini ya Bodi ya Udhibiti wa Ardhi ya eneo husika, inayoombwa ndani ya miezi sita tangu mkataba wa mauzo; bila idhini hiyo mauzo ni batili (Sheria ya Udhibiti wa Ardhi, Sura ya 302, vifungu vya 6 na 8).',
    },
    {
      title: 'Cheti cha kulipa kodi ya ardhi',
      text: 'Kutoka kwa serikali ya kaunti, kuonyesha kwamba kodi ya ardhi (land rates) imelipwa hadi sasa.',
    },
    {
      title: 'Cheti cha kulipa kodi ya pango la ardhi, kwa ardhi ya kukodisha',
      text: 'Kutoka Wizara ya Ardhi au kaunti, kuonyesha kwamba kodi ya pango (ground rent) imelipwa; baadhi ya mikataba ya ukodishaji pia huhitaji idhini ya mkodishaji kabla ya uhamisho.',
    },
    {
      title: 'PIN za KRA na vitambulisho',
      text: 'Vyeti vya PIN ya KRA na vitambulisho vya taifa (au pasipoti) vya mnunuzi na muuzaji, pamoja na picha za pasipoti; kwa kampuni, cheti chake cha usajili, CR12 yake na PIN na vitambulisho vya wakurugenzi wake.',
    },
    {
      title: 'Idhini ya mwenzi wa ndoa',
      text: 'Ardhi ikiwa ni mali ya ndoa, idhini ya mume au mke wa muuzaji.',
    },
    {
      title: 'Uthamini kwa ajili ya ushuru wa stempu',
      text: 'Mthamini wa serikali hukadiria thamani ya mali; ushuru wa stempu hutozwa kwa thamani hiyo ikiwa ni kubwa kuliko bei.',
    },
    {
      title: 'Ushuru na kodi kulipwa',
      text: 'Mnunuzi hulipa ushuru wa stempu na muuzaji hulipa kodi ya faida ya mtaji, vyote kupitia mfumo wa iTax wa KRA, kabla hati ya uhamisho haijawasilishwa.',
    },
    {
      title: 'Hati ya uhamisho kutiwa saini na kusajiliwa',
      text: 'Pande zote mbili hutia saini hati ya uhamisho mbele ya shahidi anayetambuliwa na sheria, kisha huwasilishwa pamoja na hati miliki halisi, idhini, vyeti na stakabadhi za malipo; masjala kisha humsajili mnunuzi kama mmiliki.',
    },
  ],
} as const satisfies Record<Language, readonly ChecklistItem[]>;
