// The one query the site sends to the content service. Its fields are checked
// against schema.graphql by tests/unit/articles/query.test.ts.

/** How many articles a build fetches: the most recent 20 (spec §9). */
export const ARTICLES_FETCHED = 20;

export const ARTICLES_QUERY = /* GraphQL */ `
  query Articles {
    articles(last: 20) {
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
  }
`;
