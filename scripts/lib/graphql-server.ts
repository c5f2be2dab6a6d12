// A small GraphQL content service for tests, e2e runs and benchmarks: it
// executes the site's SDL (src/lib/articles/schema.graphql) over HTTP with a
// given list of articles, and can be told to fail in the ways a real one does.
// From a shell (prints the URL, stops on Ctrl-C):
//   npx node scripts/lib/graphql-server.ts [--count 200] [--port 4010] [--token s3cret]
// From code: docs/quality.md, "The layers of tests". Plain Node runs this file
// (type stripping), so it uses erasable TypeScript only.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, graphql, type GraphQLSchema } from 'graphql';
import type { ArticleRecord } from '../../src/lib/articles/records.ts';

const SCHEMA_FILE = new URL('../../src/lib/articles/schema.graphql', import.meta.url);

/** The content model the site's query is written against. */
const articleSchemaSdl = readFileSync(SCHEMA_FILE, 'utf8');

let schema: GraphQLSchema | undefined;
/** The executable schema, built once. */
export function articleSchema(): GraphQLSchema {
  schema ??= buildSchema(articleSchemaSdl);
  return schema;
}

/** An article as stored by the server: the record fields, plus any other Asset or system fields. */
export type ServedArticle = ArticleRecord & Record<string, unknown>;

export interface GraphqlServerOptions {
  /** The content, oldest first (the order `articles` answers in). */
  articles?: ServedArticle[];
  /** When set, requests must carry `Authorization: Bearer <token>`; others get HTTP 401. */
  token?: string;
  /** Answer every request with this HTTP status (e.g. 500) and a plain-text body. */
  failWithStatus?: number;
  /** Answer every request with HTTP 200 and these GraphQL `errors` (data null). */
  graphqlErrors?: string[];
  /** Wait this long before answering, in milliseconds. */
  delayMs?: number;
  /**
   * Page wrongly, as a broken service might: `repeat-first-page` ignores
   * `skip` (the same page for ever), `ignore-first` answers everything at once.
   */
  misbehave?: 'repeat-first-page' | 'ignore-first';
  /** Files served under `/assets/<name>` (the CMS's asset host), e.g. large images. */
  assets?: Record<string, ServedAsset>;
}

export interface ServedAsset {
  body: Buffer;
  contentType: string;
}

interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

export interface GraphqlTestServer {
  /** The endpoint, e.g. `http://127.0.0.1:54321/graphql`. */
  url: string;
  /** Where `assets` are served: `http://127.0.0.1:<port>/assets/`. */
  assetBase: string;
  /** Every GraphQL request received, in order (asset downloads are not listed). */
  requests: ReceivedRequest[];
  /** Live options: change them between requests to change the behaviour. */
  options: GraphqlServerOptions;
  close(): Promise<void>;
}

interface ArticlesArgs {
  first?: number | null;
  last?: number | null;
  skip?: number | null;
  orderBy?: string | null;
  stage?: 'PUBLISHED' | 'DRAFT';
}

/** Hygraph's most it answers per request: it refuses a larger `first` or `last`. */
const MOST_PER_REQUEST = 100;

/** What a stage shows: PUBLISHED only published entries, DRAFT every entry (with its latest changes). */
const atStage = (all: readonly ServedArticle[], stage: ArticlesArgs['stage']) =>
  all.filter((article) => stage === 'DRAFT' || (article.stage ?? 'PUBLISHED') === 'PUBLISHED');

/**
 * The articles Hygraph would answer: PUBLISHED shows only published entries,
 * DRAFT every entry (with its latest, unpublished changes); 10 when neither
 * `first` nor `last` is given.
 */
function selectArticles(
  all: readonly ServedArticle[],
  args: ArticlesArgs,
  misbehave: GraphqlServerOptions['misbehave'],
): ServedArticle[] {
  for (const name of ['first', 'last'] as const) {
    const value = args[name];
    if (value != null && value > MOST_PER_REQUEST && misbehave !== 'ignore-first') {
      throw new Error(`\`${name}\` may not be above ${MOST_PER_REQUEST}`);
    }
  }
  let list = atStage(all, args.stage);
  if (misbehave === 'ignore-first') return list;
  if (args.orderBy) {
    const [field, direction] = args.orderBy.split('_') as [keyof ArticleRecord, string];
    const value = (article: ServedArticle) => String(article[field] ?? '');
    list.sort((a, b) => value(a).localeCompare(value(b)) * (direction === 'DESC' ? -1 : 1));
  }
  if (args.skip && misbehave !== 'repeat-first-page') list = list.slice(args.skip);
  if (args.first != null) list = list.slice(0, Math.max(0, args.first));
  if (args.last != null) list = args.last > 0 ? list.slice(-args.last) : [];
  if (args.first == null && args.last == null) list = list.slice(0, 10);
  return list;
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** Starts the server on 127.0.0.1 (port 0 picks a free port unless `port` is given). */
export async function startGraphqlServer(options: GraphqlServerOptions = {}, port = 0): Promise<GraphqlTestServer> {
  const requests: ReceivedRequest[] = [];
  const live: GraphqlServerOptions = { ...options };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the raw text
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const asset = url.pathname.startsWith('/assets/')
      ? live.assets?.[decodeURIComponent(url.pathname.slice('/assets/'.length))]
      : undefined;
    if (url.pathname.startsWith('/assets/')) {
      if (!asset) return sendJson(res, 404, { message: 'No such asset' });
      // As a CMS asset CDN answers: the file under this URL never changes.
      res.writeHead(200, {
        'content-type': asset.contentType,
        'content-length': asset.body.length,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      res.end(req.method === 'HEAD' ? undefined : asset.body);
      return;
    }
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });

    if (live.delayMs) await new Promise((resolve) => setTimeout(resolve, live.delayMs));

    if (live.failWithStatus) {
      res.writeHead(live.failWithStatus, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error: the content service is unavailable');
      return;
    }
    if (live.token && req.headers.authorization !== `Bearer ${live.token}`) {
      return sendJson(res, 401, { errors: [{ message: 'Unauthorized: a valid bearer token is required' }] });
    }
    if (live.graphqlErrors?.length) {
      return sendJson(res, 200, { data: null, errors: live.graphqlErrors.map((message) => ({ message })) });
    }

    let query: unknown;
    let variables: unknown;
    let operationName: unknown;
    if (req.method === 'GET') {
      query = url.searchParams.get('query');
      const vars = url.searchParams.get('variables');
      variables = vars ? JSON.parse(vars) : undefined;
      operationName = url.searchParams.get('operationName') ?? undefined;
    } else if (req.method === 'POST' && body && typeof body === 'object') {
      ({ query, variables, operationName } = body as Record<string, unknown>);
    } else {
      return sendJson(res, 400, { errors: [{ message: 'Expected a POST with a JSON body, or a GET with ?query=' }] });
    }
    if (typeof query !== 'string') {
      return sendJson(res, 400, { errors: [{ message: 'Missing "query"' }] });
    }

    const articles = live.articles ?? [];
    const result = await graphql({
      schema: articleSchema(),
      source: query,
      variableValues: (variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: typeof operationName === 'string' ? operationName : undefined,
      rootValue: {
        articles: (args: ArticlesArgs) => selectArticles(articles, args, live.misbehave),
        article: ({ where, stage }: { where: { id?: string; articleSlug?: string }; stage?: ArticlesArgs['stage'] }) =>
          atStage(articles, stage).find(
            (a) => (where.id && a.id === where.id) || (where.articleSlug && a.articleSlug === where.articleSlug),
          ) ?? null,
      },
    });
    sendJson(res, 200, result);
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actualPort}/graphql`,
    assetBase: `http://127.0.0.1:${actualPort}/assets/`,
    requests,
    options: live,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// ---------------------------------------------------------------------------
// Generated content: many plausible, valid articles for e2e runs and benchmarks.

const CATEGORIES = [
  'Commercial_Law',
  'Employment_Law',
  'Estate_Planning',
  'Land_and_Conveyancing',
  'Immigration',
  'Data_Protection',
  'Dispute_Resolution',
  'Legal_Audit_and_Compliance',
];
const TOPICS: Record<string, string[]> = {
  Commercial_Law: [
    'Shareholder Agreements',
    'Beneficial Ownership Filings',
    'Company Restructuring',
    'Franchise Contracts',
  ],
  Employment_Law: ['Redundancy Procedure', 'Fixed-Term Contracts', 'Disciplinary Hearings', 'Payroll Deductions'],
  Estate_Planning: ['Writing a Valid Will', 'Family Trusts', 'Confirmation of Grants', 'Provision for Dependants'],
  Land_and_Conveyancing: ['Official Searches', 'Spousal Consent', 'Land Control Board Consent', 'Leasehold Extensions'],
  Immigration: ['Class D Work Permits', 'Dependant Passes', 'Digital Nomad Permits', 'Permanent Residence'],
  Data_Protection: ['ODPC Registration', 'Breach Notification', 'Impact Assessments', 'Cross-Border Transfers'],
  Dispute_Resolution: ['Setting Aside Awards', 'Interim Injunctions', 'Mediation in Court', 'Enforcing Judgments'],
  Legal_Audit_and_Compliance: ['Board Evaluations', 'Regulatory Audits', 'Anti-Bribery Policies', 'Contract Registers'],
};
const AUTHORS = [
  'Caroline Muthoni',
  'Brian Nyongesa',
  'Dennis Otieno',
  'Faith Chebet',
  'Ian Kariuki',
  'Mercy Akinyi',
].map((name) => ({
  name,
  image: `/images/articles/authors/${name.toLowerCase().replace(/ /g, '-')}.svg`,
}));
const IMAGES = [
  'dying-without-a-will',
  'redundancy-section-40',
  'registering-with-the-odpc',
  'affordable-housing-levy',
  'buying-land-ardhisasa',
  'digital-nomad-permit',
  'beneficial-ownership',
  'arbitral-awards',
];
const ANGLES = [
  'A Practical Guide',
  'Five Common Mistakes',
  'What Changed This Year',
  'Questions Clients Ask',
  'A Checklist for Boards',
];

export interface GenerateOptions {
  /** First creation time (default 2023-01-02). Articles are spaced evenly up to `until`. */
  from?: string;
  /** Last creation time (default 2026-06-30). */
  until?: string;
  /** Paragraphs per body (default 6). */
  paragraphs?: number;
}

const asset = (index: number, url: string, width: number, height: number) => ({
  id: `asset${String(index).padStart(6, '0')}`,
  url,
  handle: `h${String(index).padStart(8, '0')}`,
  fileName: url.split('/').pop() ?? 'image.svg',
  mimeType: 'image/svg+xml',
  width,
  height,
});

/**
 * `count` valid articles, oldest first, deterministic (same input, same output):
 * unique slugs, the sample images and authors, every 7th without articleDate.
 */
export function generateArticles(count: number, options: GenerateOptions = {}): ServedArticle[] {
  const start = Date.parse(options.from ?? '2023-01-02T08:00:00Z');
  const end = Date.parse(options.until ?? '2026-06-30T08:00:00Z');
  const step = count > 1 ? (end - start) / (count - 1) : 0;
  const paragraphs = options.paragraphs ?? 6;

  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const topics = TOPICS[category]!;
    const topic = topics[Math.floor(i / CATEGORIES.length) % topics.length]!;
    const angle = ANGLES[Math.floor(i / (CATEGORIES.length * topics.length)) % ANGLES.length]!;
    const author = AUTHORS[i % AUTHORS.length]!;
    const created = new Date(start + Math.round(step * i));
    const updated = new Date(created.getTime() + ((i % 5) + 1) * 3_600_000);
    const slugBase = `${topic} ${angle}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const slug = `${slugBase}-${String(n).padStart(4, '0')}`;
    const title = `${topic}: ${angle} (No. ${n})`;
    const body = [
      `<p>This is generated article ${n} on ${topic.toLowerCase()}, written for testing the ${category.replace(/_/g, ' ').toLowerCase()} pages of the site.</p>`,
      `<h2>Background</h2>`,
      ...Array.from(
        { length: Math.max(0, paragraphs - 3) },
        (_, p) =>
          `<p>Paragraph ${p + 1}. Kenyan businesses and families meet ${topic.toLowerCase()} more often than they expect. The statute sets the minimum; good practice goes further, and the <strong>courts</strong> look at what was actually done, not at what the policy said.</p>`,
      ),
      `<h3>Checklist</h3><ul><li>Read the statute and the regulations.</li><li>Keep written records.</li><li>Take advice early.</li></ul>`,
      `<blockquote><p>Prevention is cheaper than litigation.</p></blockquote>`,
      `<p>Read more on <a href="https://new.kenyalaw.org/">Kenya Law</a> or <a href="/contact-us">contact us</a>.</p>`,
    ].join('');
    return {
      id: `gen${String(n).padStart(22, '0')}`,
      stage: 'PUBLISHED',
      articleSlug: slug,
      articleTitle: title,
      articleSummary: `${angle} on ${topic.toLowerCase()} under Kenyan law, from the ${author.name.split(' ')[0]} desk.`,
      articleCategory: category,
      articleDate: i % 7 === 6 ? null : created.toISOString().slice(0, 10),
      approximateTimeOfRead: 3 + (i % 8),
      authorName: author.name,
      authorImage: asset(n * 2, author.image, 240, 240),
      articleMainImage: asset(n * 2 + 1, `/images/articles/${IMAGES[i % IMAGES.length]}.svg`, 1200, 675),
      articleContent: { html: body, markdown: '', text: '', raw: {} },
      createdAt: created.toISOString(),
      updatedAt: updated.toISOString(),
      publishedAt: updated.toISOString(),
    };
  });
}

// Run directly: serve generated articles until stopped.
if (import.meta.main) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > -1 ? process.argv[index + 1] : undefined;
  };
  const server = await startGraphqlServer(
    { articles: generateArticles(Number(arg('count') ?? 200)), token: arg('token') },
    Number(arg('port') ?? 0),
  );
  console.log(server.url);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
