import { describe, expect, it } from 'vitest';
import { excerptParts, searchAnnouncement, toArticleHit } from '../../../src/lib/articles/search.ts';

describe('excerptParts', () => {
  it('keeps the highlighted words apart from the plain text', () => {
    expect(excerptParts('the <mark>deceased</mark> left no <mark>will</mark>.')).toEqual([
      { text: 'the ', marked: false },
      { text: 'deceased', marked: true },
      { text: ' left no ', marked: false },
      { text: 'will', marked: true },
      { text: '.', marked: false },
    ]);
  });

  it('turns entities back into the characters they stand for, as text', () => {
    expect(
      excerptParts('Cap. 160 &amp; the family&#39;s &lt;script&gt; &quot;meeting&quot; &#x2014; &unknown;'),
    ).toEqual([{ text: 'Cap. 160 & the family\'s <script> "meeting" — &unknown;', marked: false }]);
  });

  it('lets no markup but <mark> through: other tags are dropped, their text kept', () => {
    expect(excerptParts('<img src=x onerror=alert(1)>a <b>bold</b> <mark onclick="x">claim</mark>')).toEqual([
      { text: 'a bold claim', marked: false },
    ]);
  });
});

describe('toArticleHit', () => {
  it('links the article as the site does, without Pagefind’s trailing slash, with its metadata', () => {
    const hit = toArticleHit({
      url: '/insight/registering-with-the-odpc/',
      excerpt: 'must <mark>register</mark>',
      meta: {
        title: ' Registering with the ODPC ',
        category: 'Data Protection',
        date: 'November 8, 2023',
        summary: '…',
      },
    });
    expect(hit).toEqual({
      href: '/insight/registering-with-the-odpc',
      title: 'Registering with the ODPC',
      category: 'Data Protection',
      date: 'November 8, 2023',
      excerpt: [
        { text: 'must ', marked: false },
        { text: 'register', marked: true },
      ],
    });
  });

  it('leaves out what an article does not have', () => {
    const hit = toArticleHit({ url: '/insight/no-date/', excerpt: '', meta: { title: 'No date' } });
    expect(hit).toMatchObject({ category: '', date: '', excerpt: [] });
  });
});

describe('searchAnnouncement', () => {
  it('counts the articles found, or says none matches the words typed', () => {
    expect(searchAnnouncement(1, 'odpc')).toBe('1 article found');
    expect(searchAnnouncement(3, 'land')).toBe('3 articles found');
    expect(searchAnnouncement(0, 'qzxv')).toBe('No articles match “qzxv”.');
  });
});
