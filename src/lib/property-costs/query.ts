// The estimator's inputs in the page's address (?price=5000000&area=town…), so a
// link reopens the same estimate: `price`, `area` (town or rural), `firstTime`
// (1 when ticked), `paid` and `costs`. A value that is missing, unknown or not
// an amount is left out, never an error: a mistyped link opens a blank field.
import { AREAS, type Area, type PropertyCostsInput } from './estimate.ts';

/** Larger than any land purchase, and small enough that a percentage of it is exact in a double. */
const MOST_SHILLINGS = 1e12;

/** The query's names, in the order a link writes them. */
const NAMES = ['price', 'area', 'firstTime', 'paid', 'costs'] as const;

/**
 * An amount of shillings as people type it: "5000000", "5,000,000", "5 000 000",
 * cents allowed; undefined for anything else (letters, a sign, more than a trillion).
 */
export function parseShillings(text: string | null | undefined): number | undefined {
  const digits = (text ?? '').replace(/[\s,]/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return undefined;
  const amount = Number(digits);
  return amount <= MOST_SHILLINGS ? amount : undefined;
}

const isArea = (value: string | null): value is Area => AREAS.some((area) => area === value);

/** The inputs a query gives: `?price=5000000&area=town`, or a URLSearchParams. */
export function readPropertyCostsQuery(query: string | URLSearchParams): PropertyCostsInput {
  const params = new URLSearchParams(query);
  const price = parseShillings(params.get('price'));
  const area = params.get('area');
  const paid = parseShillings(params.get('paid'));
  const costs = parseShillings(params.get('costs'));
  return {
    // A property is never sold for nothing: a price of 0 is no price.
    ...(price ? { price } : {}),
    ...(isArea(area) ? { area } : {}),
    firstTime: params.get('firstTime') === '1',
    ...(paid !== undefined ? { paid } : {}),
    ...(costs !== undefined ? { costs } : {}),
  };
}

/** The query that reopens `input`: "?price=5000000&area=town", or "" when nothing was given. */
export function propertyCostsQuery(input: PropertyCostsInput): string {
  const values: Record<(typeof NAMES)[number], string | undefined> = {
    price: input.price?.toString(),
    area: input.area,
    firstTime: input.firstTime ? '1' : undefined,
    paid: input.paid?.toString(),
    costs: input.costs?.toString(),
  };
  const params = new URLSearchParams();
  for (const name of NAMES) if (values[name] !== undefined) params.set(name, values[name]);
  const query = params.toString();
  return query ? `?${query}` : '';
}
