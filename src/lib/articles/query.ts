// The one query the site sends to the content service, one page at a time.
// Its fields are checked against schema.graphql by tests/unit/articles/query.test.ts.

/**
 * Articles asked for per request. Hygraph refuses `first` above 100 and
 * answers only 10 entries when given neither `first` nor `last`, so the
 * query always names it.
 */
export const ARTICLES_PAGE_SIZE = 100;

/**
 * The firm's "last 20 articles" (docs/requirements.md#articles-storage): what the browser keeps in
 * localStorage under `Articles`, and what the RSS feed carries.
 */
export const RECENT_ARTICLES = 20;

/** Publication stages the content service knows (Hygraph's `Stage`). */
export const CONTENT_STAGES = ['PUBLISHED', 'DRAFT'] as const;
export type ContentStage = (typeof CONTENT_STAGES)[number];

export interface ArticlesPageVariables {
  first: number;
  skip: number;
  stage: ContentStage;
}

/** The fields the site reads of an article: what every page shows of it. */
const ARTICLE_FIELDS = /* GraphQL */ `
  fragment ArticleFields on Article {
    id
    articleSlug
    articleTitle
    articleSummary
    articleCategory
    articleDate
    approximateTimeOfRead
    authorName
    authorImage {
      url
    }
    articleMainImage {
      url
    }
    articleContent {
      html
    }
    createdAt
    updatedAt
  }
`;

export const ARTICLES_QUERY = /* GraphQL */ `
  query Articles($first: Int!, $skip: Int!, $stage: Stage!) {
    articles(first: $first, skip: $skip, orderBy: createdAt_ASC, stage: $stage) {
      ...ArticleFields
    }
  }
  ${ARTICLE_FIELDS}
`;

export interface ArticleVariables {
  slug: string;
  stage: ContentStage;
}

/** One article by its slug (unique in the content model), for the draft preview (src/pages/preview/). */
export const ARTICLE_QUERY = /* GraphQL */ `
  query Article($slug: String!, $stage: Stage!) {
    article(where: { articleSlug: $slug }, stage: $stage) {
      ...ArticleFields
    }
  }
  ${ARTICLE_FIELDS}
`;
