// Where the property costs estimator lives and what it links to: its own page,
// and the consultation form an estimate offers — on the page of the practice
// area it belongs to (src/content/property-transfer.ts), or the contact page for
// a firm without that area.
import { estimatorPracticeArea } from '../../content/property-transfer.ts';
import type { Language } from '../i18n/languages.ts';
import { localiseHref } from '../i18n/navigation.ts';

/** The estimator's page, in English; /sw/tools/property-costs in Kiswahili. */
export const PROPERTY_COSTS_PATH = '/tools/property-costs';

/** The id of the consultation form's heading on a practice area's page, which links may aim at. */
export const CONSULTATION_ANCHOR = 'consultation-heading';

/** Whether the practice area with this `url_param` is the one whose page links the estimator. */
export const linksEstimator = (urlParam: string): boolean => urlParam === estimatorPracticeArea;

/** The consultation form an estimate offers, in `lang`: `areas` are the site's practice areas. */
export function consultationHref(areas: readonly { url_param: string; link: string }[], lang: Language): string {
  const area = areas.find((candidate) => linksEstimator(candidate.url_param));
  return area ? `${localiseHref(area.link, lang).href}#${CONSULTATION_ANCHOR}` : localiseHref('/contact-us', lang).href;
}
