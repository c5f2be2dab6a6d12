// The articles of the site the browser tests drive: the bundled sample articles
// (the newest, which the tests name) after enough older generated ones that the
// lists page as they do for a firm with a few years of writing.
import { readFileSync } from 'node:fs';
import { generateArticles, type ServedArticle } from '../../../scripts/lib/graphql-server.ts';

/** Enough for /insights to run to four pages of 12: what only appears at scale is checked. */
const E2E_ARTICLE_COUNT = 45;

/** The fields the tests read, as every article here has them (the service's type allows nulls). */
export type E2eArticle = ServedArticle & {
  articleSlug: string;
  articleTitle: string;
  articleSummary: string;
  articleCategory: string;
  articleDate: string | null;
  approximateTimeOfRead: number;
  authorName: string;
  authorImage: { url: string };
  articleContent: { html: string };
};

const sample: E2eArticle[] = JSON.parse(
  readFileSync(new URL('../../../src/content/articles.sample.json', import.meta.url), 'utf8'),
).data.articles;

const older = generateArticles(E2E_ARTICLE_COUNT - sample.length, {
  from: '2020-01-06T08:00:00Z',
  until: '2023-02-27T08:00:00Z',
}) as E2eArticle[];

/** As the content service answers: oldest first. */
export const e2eArticles: readonly E2eArticle[] = [...older, ...sample];

/** The sample articles the tests name by slug, oldest first. */
export const sampleArticles: readonly E2eArticle[] = sample;

/**
 * The generated articles' pages: the same template as the sample articles'
 * pages, so site-wide per-page checks leave them out rather than check one
 * template 37 more times.
 */
export const generatedArticlePaths: ReadonlySet<string> = new Set(
  older.map((article) => `/insight/${article.articleSlug}/`),
);

/** The draft preview's token in the browser tests (CONTENT_PREVIEW_SECRET of the served site). */
export const PREVIEW_TOKEN = 'e2e-preview-token-7d1c4f0a9b';

/**
 * An article saved but never published: the content service answers it only
 * at the DRAFT stage, so it is on no page of the build, and only the draft
 * preview shows it. Its body carries what the sanitiser must take out.
 */
export const draftArticle: E2eArticle = {
  ...sample[sample.length - 1]!,
  id: 'draft000000000000000000001',
  stage: 'DRAFT',
  articleSlug: 'finance-bill-2027-employers-draft',
  articleTitle: 'The Finance Bill 2027: What Employers Should Prepare For',
  articleSummary: 'A first reading of the payroll measures in the Finance Bill 2027, before the committee stage.',
  articleCategory: 'Tax_Law',
  articleDate: '2026-11-20',
  articleContent: {
    html:
      '<p>The Finance Bill 2027 proposes changes to PAYE bands and the housing levy.</p>' +
      '<h2>What changes for payroll</h2><p>Employers should review their payroll systems before July.</p>' +
      '<script>document.title = "scripted"</script>' +
      '<p><img src="https://tracker.example.net/pixel.png" alt="">Committee hearings follow in March.</p>',
  },
};
