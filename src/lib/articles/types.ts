// Shapes of article data: as the content service sends it (untrusted) and as
// pages receive it (validated, sanitised).

/** An image as the content service sends it. */
export interface AssetRecord {
  url?: string | null;
}

/**
 * One article as the content service (or the sample file) sends it. Nothing in
 * it is trusted yet: any field may be missing or null.
 */
export interface ArticleRecord {
  id?: string | null;
  articleTitle?: string | null;
  articleSlug?: string | null;
  articleSummary?: string | null;
  authorName?: string | null;
  authorImage?: AssetRecord | null;
  articleMainImage?: AssetRecord | null;
  articleContent?: { html?: string | null } | null;
  approximateTimeOfRead?: number | string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  articleCategory?: string | null;
  articleDate?: string | null;
}

/**
 * An image URL that passed the allowlist: a CMS asset or a same-origin path.
 * A CMS asset also carries its size, read at build time (see loader.ts), so
 * the pages can have optimised copies made of it.
 */
export interface ArticleImage {
  url: string;
  width?: number;
  height?: number;
}

/** An article ready for a page: required fields present, HTML sanitised. */
export interface Article {
  id: string;
  articleTitle: string;
  /** Safe for a URL path segment: letters, digits, `-` and `_`. Unique per build. */
  articleSlug: string;
  articleSummary: string;
  authorName: string;
  /** Null when the record has none, or its URL is not an allowed image source. */
  authorImage: ArticleImage | null;
  articleMainImage: ArticleImage | null;
  /** Sanitised HTML, safe to render with `set:html`. */
  articleContent: { html: string };
  /** Minutes; null when unknown. */
  approximateTimeOfRead: number | null;
  /** ISO date-time strings as the content service sent them. */
  createdAt: string;
  updatedAt: string;
  /** Underscore-separated words (e.g. `Land_and_Conveyancing`); see categoryLabel(). */
  articleCategory: string | null;
  /** `YYYY-MM-DD`, or null when the editor left it empty (pages then show updatedAt). */
  articleDate: string | null;
}
