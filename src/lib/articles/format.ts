// Pure helpers that turn an Article into what a page shows.
import type { Article } from './entry-schema.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * Newest first: the reverse of the content service's order, which is by
 * creation (docs/requirements.md#article-order-and-dates); articles created at the same instant by id, so every
 * build orders them alike. Does not modify its argument.
 */
export function newestFirst<T extends Pick<Article, 'createdAt' | 'id'>>(articles: readonly T[]): T[] {
  return [...articles].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** `Land_and_Conveyancing` → `Land and Conveyancing`. */
export function categoryLabel(category: string | null | undefined): string {
  return (category ?? '').replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** `6` → `6 min read`; empty when the reading time is unknown. */
export function readingTimeLabel(minutes: number | null | undefined, language: Language = 'en'): string {
  if (!(typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0)) return '';
  const rounded = Math.round(minutes);
  return language === 'sw' ? `Dakika ${rounded} za kusoma` : `${rounded} min read`;
}

type Dated = Pick<Article, 'date' | 'updatedAt'>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant an article is dated by: its date, else updatedAt. Undefined when neither parses. */
function displayDate(article: Dated): Date | undefined {
  const value = article.date?.trim() || article.updatedAt?.trim();
  if (!value) return undefined;
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

// Fixed to UTC so the build machine's time zone cannot move the day. English
// dates are written as the firm's requirements have them (en-US); Kiswahili as
// Kenya writes it (sw-KE: `5 Machi 2024`).
const DATE_OPTIONS = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
const longDates: Readonly<Record<Language, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat('en-US', DATE_OPTIONS),
  sw: new Intl.DateTimeFormat('sw-KE', DATE_OPTIONS),
};

/** `March 5, 2024` (in Kiswahili `5 Machi 2024`), from the article's date or else updatedAt, in UTC; empty when there is no valid date. */
export function formatArticleDate(article: Dated, language: Language = 'en'): string {
  const date = displayDate(article);
  return date ? longDates[language].format(date) : '';
}

/** The same date as `YYYY-MM-DD`, for `<time datetime>`; empty when there is no valid date. */
export function articleIsoDate(article: Dated): string {
  const date = displayDate(article);
  return date ? date.toISOString().slice(0, 10) : '';
}
