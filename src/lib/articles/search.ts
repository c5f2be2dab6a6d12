// What the article search (src/islands/ArticleSearch.tsx) shows for Pagefind's
// answers. Browser-safe: no imports. The metadata keys are the ones
// src/components/insights/ArticleView.astro marks with `data-pagefind-meta`.

/** The part of a Pagefind result's `data()` the search uses. */
export interface PagefindResultData {
  url: string;
  /** Text with HTML entities encoded and the matched words in `<mark>`. */
  excerpt: string;
  meta: Record<string, string | undefined>;
}

export interface ArticleHit {
  /** `/insight/<slug>`, as the rest of the site links articles. */
  href: string;
  title: string;
  category: string;
  date: string;
  excerpt: ExcerptPart[];
}

/** A run of excerpt text, `marked` where it matched the search. */
export interface ExcerptPart {
  text: string;
  marked: boolean;
}

export function toArticleHit(data: PagefindResultData): ArticleHit {
  return {
    // Pagefind gives the folder URL, `/insight/<slug>/`.
    href: data.url.replace(/(.)\/+$/, '$1'),
    title: data.meta.title?.trim() ?? '',
    category: data.meta.category?.trim() ?? '',
    date: data.meta.date?.trim() ?? '',
    excerpt: excerptParts(data.excerpt),
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * Splits an excerpt into plain text and highlighted runs, so it renders as text
 * nodes and `<mark>` elements only: no other markup from the index can reach the
 * page, even if an article's content were not as clean as the build makes it.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  for (const piece of excerpt.split(/(<\/?mark>)/i)) {
    if (/^<mark>$/i.test(piece)) marked = true;
    else if (/^<\/mark>$/i.test(piece)) marked = false;
    else {
      // Any other tag is dropped, its text kept.
      const text = decodeEntities(piece.replace(/<[^>]*>/g, ''));
      if (text) parts.push({ text, marked });
    }
  }
  return parts;
}

/** What the live region says once a search has finished. */
export function searchAnnouncement(count: number, term: string): string {
  if (count === 0) return `No articles match “${term}”.`;
  return `${count} ${count === 1 ? 'article' : 'articles'} found`;
}
