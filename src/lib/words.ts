// Counts and lists written out as a sentence reads them, so page text can
// follow the firm's data ("six stages", "Nairobi and Kakamega") instead of
// repeating it; and words with their {placeholders} filled in.

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'] as const;

/**
 * 6 → "six", 21 → "twenty-one". Style guides write numbers in words up to
 * ninety-nine; anything else (100 and over, negatives, fractions) stays in digits.
 */
export function numberInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 99) return String(n);
  if (n < UNITS.length) return UNITS[n]!;
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)]!;
  return unit === 0 ? tens : `${tens}-${UNITS[unit]}`;
}

/** 6, 'stage', 'stages' → "six stages"; 1 → "one stage". */
export const countInWords = (n: number, one: string, other: string): string =>
  `${numberInWords(n)} ${n === 1 ? one : other}`;

/** "six stages" → "Six stages": for a count that opens a sentence. */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * ['Nairobi', 'Kakamega'] → "Nairobi and Kakamega"; three or more are
 * "A, B and C" (no comma before the last, as British usage has it).
 */
export function listInWords(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/**
 * As many of `items`, from the first, as fit in `maxLength` characters, listed
 * as listInWords() does; when some are left out the list ends "and more".
 * A first item longer than `maxLength` is still given, so the list is never empty.
 * `words` gives the list's "and" and "more" in another language.
 */
export function listWithin(
  items: readonly string[],
  maxLength: number,
  words: { and: string; more: string } = { and: 'and', more: 'more' },
): string {
  const list = (shown: readonly string[]) => listInWords(shown, words.and);
  const whole = list(items);
  if (whole.length <= maxLength || items.length <= 1) return whole;
  let count = items.length - 1;
  while (count > 1 && list([...items.slice(0, count), words.more]).length > maxLength) count -= 1;
  return list([...items.slice(0, Math.max(count, 1)), words.more]);
}

/**
 * "Stamp duty: {amount}" with { amount: 'KES 200,000' } → "Stamp duty: KES 200,000": words kept as plain text
 * (an island's, handed over from the page) with their values put in. A placeholder without a value stays.
 */
export const fillIn = (words: string, values: Readonly<Record<string, string>>): string =>
  words.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : placeholder,
  );
