// Small numeric helpers shared by the bench stages.
import { gzipSync } from 'node:zlib';

/** The value at percentile `p` (0–100) by nearest rank; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The median of the numbers given, ignoring null; null when there are none. */
export function median(values: ReadonlyArray<number | null | undefined>): number | null {
  const numbers = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (numbers.length === 0) return null;
  const sorted = numbers.sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Size of `bytes` gzipped at level 9, as a CDN compressing at its best would send them. */
export const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export const toMB = (bytes: number) => round(bytes / (1024 * 1024), 1);

export const toKB = (bytes: number) => round(bytes / 1024, 1);
