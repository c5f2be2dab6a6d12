// The rates the property costs estimator applies (/tools/property-costs): the
// firm's data, src/content/property-rates.json, each rate with the law it comes
// from (in each language) and the day it was last checked. Checked here, so a
// mistake fails the build naming the field; a check over a year old fails
// tests/unit/property-costs/rates.test.ts, so the firm is reminded to review
// them (docs/content.md, "Property costs").
import * as v from 'valibot';
import data from '../../content/property-rates.json' with { type: 'json' };
import type { Language } from '../i18n/languages.ts';
import { isNairobiDay, type NairobiDay } from '../nairobi-time.ts';

const text = v.pipe(v.string(), v.trim(), v.minLength(1));

const rateSchema = v.strictObject({
  percent: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  /** The Act and section (or the Finance Act) the rate comes from, as each language's page cites it. */
  source: v.strictObject({ en: text, sw: text }),
  /** The day the firm last checked the rate against the law. */
  checked: v.pipe(v.string(), v.check(isNairobiDay, 'a day written YYYY-MM-DD')),
});

const ratesSchema = v.strictObject({
  /** Stamp duty on a transfer of land within a municipality or town. */
  'stamp-duty-town': rateSchema,
  /** Stamp duty on a transfer of land elsewhere: agricultural or rural land. */
  'stamp-duty-rural': rateSchema,
  /** Stamp duty on a house bought by a first-time home owner under the affordable housing scheme. */
  'stamp-duty-first-time-buyer': rateSchema,
  /** Capital gains tax on the seller's net gain. */
  'capital-gains-tax': rateSchema,
});

export type PropertyRates = v.InferOutput<typeof ratesSchema>;
export type RateId = keyof PropertyRates;

/** Reads a rates file: throws, naming the field, when a rate lacks its percent, source or check date. */
export const parsePropertyRates = (input: unknown): PropertyRates => v.parse(ratesSchema, input);

/** The firm's rates. */
export const propertyRates: PropertyRates = parsePropertyRates(data);

/** Every rate, in the order the page lists them. */
export const RATE_IDS = Object.keys(ratesSchema.entries) as readonly RateId[];

/** The day the rates were last checked, as a whole: the oldest of their checks. */
export const ratesCheckedOn = (rates: PropertyRates): NairobiDay => RATE_IDS.map((id) => rates[id].checked).sort()[0]!;

/** Each rate's percentage and its law in one language: what the page hands its island. */
export type RatesIn = Readonly<Record<RateId, { percent: number; source: string }>>;

export const ratesIn = (rates: PropertyRates, lang: Language): RatesIn =>
  Object.fromEntries(
    RATE_IDS.map((id) => [id, { percent: rates[id].percent, source: rates[id].source[lang] }]),
  ) as RatesIn;
