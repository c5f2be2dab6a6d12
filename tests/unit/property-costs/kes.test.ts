import { describe, expect, it } from 'vitest';
import { formatKes, groupShillings } from '../../../src/lib/property-costs/kes.ts';

describe('shillings as Kenyans write them', () => {
  it('say KES, group the thousands with commas and round to the shilling', () => {
    expect(formatKes(200_000)).toBe('KES 200,000');
    expect(formatKes(0)).toBe('KES 0');
    expect(formatKes(1_234_567.5)).toBe('KES 1,234,568');
    expect(formatKes(999.49)).toBe('KES 999');
    expect(groupShillings(5_000_000)).toBe('5,000,000');
  });
});
