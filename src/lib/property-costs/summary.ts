// An estimate in a few lines, in the page's language: its figures, which the
// estimator announces as they change, and the summary its WhatsApp share sends
// (https://wa.me/?text=…, with no number, so the visitor picks the chat): the
// price and where the property lies, the figures, and the link that reopens it.
import type { PropertyCostsText } from '../../content/property-costs-text.ts';
import { fillIn } from '../words.ts';
import type { PropertyCostsEstimate, PropertyCostsInput } from './estimate.ts';
import { formatKes } from './kes.ts';

export type EstimatorWords = PropertyCostsText['estimator'];

/** "Stamp duty: KES 200,000", "Capital gains tax: KES 300,000": the figures there are. */
export function estimateFigures(estimate: PropertyCostsEstimate, words: EstimatorWords): string[] {
  const { stampDuty, capitalGainsTax } = estimate;
  return [
    ...(stampDuty ? [fillIn(words.summaryStampDuty, { amount: formatKes(stampDuty.amount) })] : []),
    ...(capitalGainsTax ? [fillIn(words.summaryCapitalGainsTax, { amount: formatKes(capitalGainsTax.amount) })] : []),
  ];
}

/** The summary to share, one line each, ending with `url`, the link that reopens the estimate. */
export function estimateSummary(
  input: PropertyCostsInput,
  estimate: PropertyCostsEstimate,
  words: EstimatorWords,
  url: string,
): string {
  const price = input.price === undefined ? [] : [fillIn(words.summaryPrice, { amount: formatKes(input.price) })];
  const where = input.area ? ` (${words[input.area]})` : '';
  return [
    words.summaryTitle,
    ...price.map((line) => `${line}${where}`),
    ...estimateFigures(estimate, words),
    fillIn(words.summaryLink, { url }),
  ].join('\n');
}

/** The WhatsApp link that shares `summary`. */
export const whatsappShareHref = (summary: string): string => `https://wa.me/?text=${encodeURIComponent(summary)}`;
