// What a land purchase costs in duties and taxes, besides the price: stamp duty
// for the buyer and capital gains tax for the seller, at the firm's rates
// (src/lib/property-costs/rates.ts), rounded to the shilling. Pure: the page's
// island (src/islands/PropertyCostsEstimator.tsx) and the tests call it alike.
import type { RateId } from './rates.ts';

/** Where the property lies: within a municipality or town, or outside one (agricultural or rural land). */
export const AREAS = ['town', 'rural'] as const;
export type Area = (typeof AREAS)[number];

/** What the visitor told the estimator; amounts in Kenya shillings. */
export interface PropertyCostsInput {
  price?: number;
  area?: Area;
  /** A first-time home owner buying under the affordable housing scheme. */
  firstTime: boolean;
  /** What the seller paid for the property. */
  paid?: number;
  /** The seller's allowable costs: of buying, improving and selling it. */
  costs?: number;
}

/** Each rate's percentage (the rates file's entries, or what the page hands its island of them). */
export type RatePercents = Readonly<Record<RateId, { readonly percent: number }>>;

type StampDutyRate = Extract<RateId, `stamp-duty-${string}`>;

export interface PropertyCostsEstimate {
  /** Once the price is known and either the area or the exemption. */
  stampDuty?: { rate: StampDutyRate; amount: number };
  /** Once the price and what the seller paid are known; nil when there is no gain. */
  capitalGainsTax?: { gain: number; amount: number };
}

const percentOf = (amount: number, percent: number): number => Math.round((amount * percent) / 100);

function stampDutyRate(input: PropertyCostsInput): StampDutyRate | undefined {
  if (input.firstTime) return 'stamp-duty-first-time-buyer';
  if (input.area === 'town') return 'stamp-duty-town';
  if (input.area === 'rural') return 'stamp-duty-rural';
  return undefined;
}

export function estimatePropertyCosts(input: PropertyCostsInput, percents: RatePercents): PropertyCostsEstimate {
  const { price, paid, costs = 0 } = input;
  if (price === undefined) return {};
  const estimate: PropertyCostsEstimate = {};
  const rate = stampDutyRate(input);
  if (rate) estimate.stampDuty = { rate, amount: percentOf(price, percents[rate].percent) };
  if (paid !== undefined) {
    const gain = Math.max(0, Math.round(price - paid - costs));
    estimate.capitalGainsTax = { gain, amount: percentOf(gain, percents['capital-gains-tax'].percent) };
  }
  return estimate;
}
