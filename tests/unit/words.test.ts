import { describe, expect, it } from 'vitest';
import { capitalise, countInWords, fillIn, listInWords, listWithin, numberInWords } from '../../src/lib/words.ts';

describe('numbers in words', () => {
  it('spell out the counts a firm has: steps, practice areas, people', () => {
    expect([0, 1, 6, 8, 9, 10, 12, 19].map(numberInWords)).toEqual([
      'zero',
      'one',
      'six',
      'eight',
      'nine',
      'ten',
      'twelve',
      'nineteen',
    ]);
  });

  it('hyphenate the tens, as in twenty-one, up to ninety-nine', () => {
    expect([20, 21, 45, 70, 99].map(numberInWords)).toEqual([
      'twenty',
      'twenty-one',
      'forty-five',
      'seventy',
      'ninety-nine',
    ]);
  });

  it('leave 100 and over, negatives and fractions in digits', () => {
    expect([100, 2024, -1, 2.5].map(numberInWords)).toEqual(['100', '2024', '-1', '2.5']);
  });

  it('count a noun in the singular for one and the plural otherwise', () => {
    expect(countInWords(6, 'stage', 'stages')).toBe('six stages');
    expect(countInWords(1, 'area', 'areas')).toBe('one area');
    expect(countInWords(0, 'area', 'areas')).toBe('zero areas');
  });

  it('open a sentence with a capital', () => {
    expect(capitalise(countInWords(8, 'area', 'areas'))).toBe('Eight areas');
    expect(capitalise('')).toBe('');
  });
});

describe('lists in words', () => {
  it('join two with "and", and three or more with commas and a final "and"', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['Mombasa'])).toBe('Mombasa');
    expect(listInWords(['Nairobi', 'Kakamega'])).toBe('Nairobi and Kakamega');
    expect(listInWords(['Nairobi', 'Kakamega', 'beyond'])).toBe('Nairobi, Kakamega and beyond');
  });

  it('take another conjunction, such as an ampersand', () => {
    expect(listInWords(['Nairobi', 'Kakamega'], '&')).toBe('Nairobi & Kakamega');
  });

  it('give the whole list when it fits, else as many as fit and "more"', () => {
    const areas = ['Family Law', 'Maritime Law', 'Tax Advisory'];
    expect(listWithin(areas, 100)).toBe('Family Law, Maritime Law and Tax Advisory');
    expect(listWithin(areas, 40)).toBe('Family Law, Maritime Law and more');
    expect(listWithin(areas, 30)).toBe('Family Law and more');
    expect(listWithin(areas, 5)).toBe('Family Law and more');
    expect(listWithin(['Family Law'], 5)).toBe('Family Law');
  });
});

describe('words with placeholders', () => {
  it('get each value put in, and keep a placeholder that has none', () => {
    expect(fillIn('Stamp duty: {amount}', { amount: 'KES 200,000' })).toBe('Stamp duty: KES 200,000');
    expect(fillIn('{percent} of {gain}, {percent}', { percent: '15%', gain: 'KES 1' })).toBe('15% of KES 1, 15%');
    expect(fillIn('Link: {url}', {})).toBe('Link: {url}');
    expect(fillIn('{toString}', {})).toBe('{toString}');
  });
});
