import { afterEach, describe, expect, it } from 'vitest';
import {
  articleIsoDate,
  categoryLabel,
  formatArticleDate,
  newestFirst,
  readingTimeLabel,
} from '../../../src/lib/articles/format.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('category labels', () => {
  it('show underscores as spaces', () => {
    expect(categoryLabel('Land_and_Conveyancing')).toBe('Land and Conveyancing');
    expect(categoryLabel('Immigration')).toBe('Immigration');
  });
  it('collapse repeated or edge underscores and are empty without a category', () => {
    expect(categoryLabel('_Data__Protection_')).toBe('Data Protection');
    expect(categoryLabel(null)).toBe('');
    expect(categoryLabel(undefined)).toBe('');
  });
});

describe('reading time', () => {
  it('reads "N min read"', () => {
    expect(readingTimeLabel(6)).toBe('6 min read');
    expect(readingTimeLabel(1)).toBe('1 min read');
  });
  it('is empty when unknown', () => {
    expect(readingTimeLabel(null)).toBe('');
    expect(readingTimeLabel(0)).toBe('');
    expect(readingTimeLabel(Number.NaN)).toBe('');
  });
});

describe('article dates', () => {
  it('show the article’s date in en-US with long month, day and year', () => {
    expect(formatArticleDate({ date: '2024-03-05', updatedAt: '2025-01-01T10:00:00Z' })).toBe('March 5, 2024');
    expect(articleIsoDate({ date: '2024-03-05', updatedAt: '2025-01-01T10:00:00Z' })).toBe('2024-03-05');
  });

  it('fall back to updatedAt when the article has no date', () => {
    expect(formatArticleDate({ date: null, updatedAt: '2024-10-29T12:00:00.000Z' })).toBe('October 29, 2024');
  });

  it('are empty when no date parses', () => {
    expect(formatArticleDate({ date: null, updatedAt: '' })).toBe('');
    expect(formatArticleDate({ date: null, updatedAt: 'yesterday' })).toBe('');
    expect(articleIsoDate({ date: null, updatedAt: '' })).toBe('');
  });

  // Nairobi is UTC+3: a build there must not move 22:15 UTC to the next day, nor
  // a build west of Greenwich move a calendar date to the day before.
  for (const zone of ['Africa/Nairobi', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago']) {
    it(`do not depend on the build machine's time zone (${zone})`, () => {
      process.env.TZ = zone;
      expect(formatArticleDate({ date: null, updatedAt: '2024-10-29T22:15:37.016Z' })).toBe('October 29, 2024');
      expect(formatArticleDate({ date: null, updatedAt: '2024-10-30T00:30:00.000Z' })).toBe('October 30, 2024');
      expect(formatArticleDate({ date: '2024-01-01', updatedAt: '' })).toBe('January 1, 2024');
      expect(articleIsoDate({ date: null, updatedAt: '2024-12-31T23:59:59Z' })).toBe('2024-12-31');
    });
  }
});

describe('ordering', () => {
  const list = [
    { id: 'b', createdAt: '2024-01-02T08:00:00Z' },
    { id: 'a', createdAt: '2023-05-01T08:00:00Z' },
    { id: 'c', createdAt: '2024-01-02T08:00:00Z' },
    { id: 'd', createdAt: '2025-11-30T08:00:00Z' },
  ];

  it('shows the newest first, articles created at the same instant by id, without changing the list', () => {
    expect(newestFirst(list).map((a) => a.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(list[0]!.id).toBe('b');
  });
});
