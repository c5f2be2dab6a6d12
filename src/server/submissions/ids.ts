// Submission ids: ULIDs (26 characters of Crockford base32: 48 bits of time,
// 80 random bits), so keys sort by arrival time when staff list them.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newSubmissionId(now: number = Date.now()): string {
  let time = '';
  let rest = Math.floor(now);
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[rest % 32]! + time;
    rest = Math.floor(rest / 32);
  }
  let random = '';
  // 256 is a multiple of 32, so `byte % 32` is unbiased.
  for (const byte of randomBytes(16)) random += ALPHABET[byte % 32]!;
  return time + random;
}

export const isSubmissionId = (value: string) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(value);

/** When a submission id was made (its first 10 characters), or null for a string that is no id. */
export function submissionIdTime(id: string): Date | null {
  if (!isSubmissionId(id)) return null;
  let time = 0;
  for (const character of id.slice(0, 10)) time = time * 32 + ALPHABET.indexOf(character);
  return new Date(time);
}
