// Serves the built site the way Netlify does in production: static files from
// `dist/`, the functions in `netlify/functions/`, each in a warm instance,
// Netlify Blobs on local disk (`.netlify/blobs-serve`), the records in the
// embedded Postgres of Netlify Database (`.netlify/db`, its migrations applied
// at start, its address in `.netlify/database-url` for the staff tool, the
// site's in `.netlify/site-url`), and
// the redirects and headers of `netlify.toml`. It is Netlify's own emulation (@netlify/dev) behind
// a small HTTP server, changed where it departs from Netlify (here, and in its
// classes: scripts/serve/upstream-changes.ts), each change with its test.
//
//   node scripts/serve.ts [projectRoot]     PORT overrides the port (8888), HOST the
//                                           address it listens on (127.0.0.1: this machine only)
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import { RedirectsHandler } from '@netlify/redirects';
import { StaticHandler } from '@netlify/static';
import { parse as parseToml, type TomlTable } from 'smol-toml';
import { applyProjectMigrations } from './serve/embedded-database.ts';
import { changeNetlifyDev, functionsBuilt } from './serve/upstream-changes.ts';

const projectRoot = resolve(process.argv[2] ?? '.');
/** Where the running server's database can be reached from, for the staff tool. */
const DATABASE_URL_FILE = resolve(projectRoot, '.netlify/database-url');
/** The running server's public address, for the staff tool's invitation links. */
const SITE_URL_FILE = resolve(projectRoot, '.netlify/site-url');
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';

changeNetlifyDev();

const netlify = new NetlifyDev({
  projectRoot,
  skipGitignore: true,
  // Everything below needs a Netlify account or the network; the site uses none of it.
  aiGateway: { enabled: false },
  edgeFunctions: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: false },
});

/** Netlify answers a request body over 6 MB with 413 before any function runs; so does this server. */
const MAX_BODY_BYTES = 6 * 1024 * 1024;

/** The request's body, or null as soon as it is known to be over MAX_BODY_BYTES: reading stops there. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.pause();
      chunks = [];
      resolve(null);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function refuseTooLarge(res: ServerResponse) {
  // Connection: close, so what the client is still sending is never read.
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  res.end(JSON.stringify({ message: 'This request is too large: at most 6 MB can be sent at once.' }));
}

/** The request as a function receives it: from the address that sent it, as Netlify tells a function (`context.ip`). */
async function toWebRequest(req: IncomingMessage): Promise<Request | null> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `localhost:${port}`}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', req.socket.remoteAddress ?? '');
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  if (!hasBody) return new Request(url, { method: req.method, headers });
  const body = await readBody(req);
  if (!body) return null;
  return new Request(url, { method: req.method, headers, body: new Uint8Array(body) });
}

async function notFound(request: Request): Promise<Response> {
  const page = await netlify.handle(new Request(new URL('/404.html', request.url), { headers: request.headers }));
  if (!page) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(page.body, { status: 404, headers: page.headers });
}

// @netlify/dev answers a rewrite with its target's status, not the rule's: with
// `from = "/insight/*" to = "/insight/404/" status = 404`, an unknown article
// answered 200. Netlify answers with the rule's status when no file matches the
// path (an unforced rule never shadows a file); so do we. Test: "answers a status
// rewrite with the rule's status …" (and tests/e2e/insights.spec.ts).
const netlifyToml = resolve(projectRoot, 'netlify.toml');
const config = existsSync(netlifyToml) ? parseToml(readFileSync(netlifyToml, 'utf8')) : {};
const rewrites = new RedirectsHandler({
  configPath: existsSync(netlifyToml) ? netlifyToml : undefined,
  configRedirects: [],
  jwtRoleClaim: '',
  jwtSecret: '',
  projectDir: projectRoot,
});
const publishedFiles = new StaticHandler({ directory: resolve(projectRoot, publishDirectory(config)) });

/** `[build] publish`, the folder of the built site: the project root when netlify.toml names none. */
function publishDirectory(config: TomlTable): string {
  const build = config.build;
  const publish = typeof build === 'object' && 'publish' in build ? build.publish : undefined;
  return typeof publish === 'string' ? publish : '.';
}

async function withRewriteStatus(request: Request, response: Response): Promise<Response> {
  const rule = await rewrites.match(request);
  const status = rule && !rule.redirect && !rule.force ? rule.statusCode : undefined;
  if (!status || status === 200 || response.status !== 200) return response;
  if (await publishedFiles.match(request)) return response;
  return new Response(response.body, { status, headers: response.headers });
}

// Netlify's CDN compresses text responses; without it a local measurement
// (Lighthouse, the bench) would weigh every page three to four times heavier.
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

function compressorFor(req: IncomingMessage, response: Response): { encoding: string; stream: Transform } | undefined {
  if (!response.body || response.headers.has('content-encoding') || response.status === 204 || response.status === 304)
    return undefined;
  if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return undefined;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  // Quality 5: on-the-fly brotli at the default 11 would cost more time than it saves.
  if (/\bbr\b/.test(accepted))
    return { encoding: 'br', stream: createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', stream: createGzip() };
  return undefined;
}

/** How a response ends when the browser stops reading it (a page closed mid-load): no failure of ours. */
const CLIENT_GONE = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_UNABLE_TO_PIPE',
  'ERR_STREAM_DESTROYED',
  'ECONNRESET',
  'EPIPE',
]);

async function send(req: IncomingMessage, res: ServerResponse, response: Response) {
  const headers: Record<string, string[]> = {};
  response.headers.forEach((value, name) => {
    (headers[name] ??= []).push(value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const compressor = compressorFor(req, response);
  if (compressor) {
    delete headers['content-length'];
    headers['content-encoding'] = [compressor.encoding];
    headers['vary'] = [...(headers['vary'] ?? []), 'Accept-Encoding'];
  }
  res.writeHead(response.status, headers);
  if (req.method === 'HEAD' || !response.body) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  // A body that fails part way (a function's instance stopped) ends the response, not the server;
  // a client that goes away before the end is no failure.
  await (compressor ? pipeline(body, compressor.stream, res) : pipeline(body, res)).catch((error: unknown) => {
    if (!CLIENT_GONE.has((error as { code?: string }).code ?? ''))
      console.error('serve: response failed part way', req.method, req.url, error);
  });
}

// @netlify/dev serves no function a framework writes: it scans netlify/functions
// only, not the Frameworks API's .netlify/v1/functions, where Astro's adapter
// puts the function that renders pages on request (the draft preview,
// /preview/insight/<slug>). So each is loaded here, from its folder's module of
// the folder's name as Netlify deploys it, and called, as Netlify calls it, for
// the paths its `config.path` names. Test: tests/e2e/draft-preview.spec.ts.
interface FrameworkFunction {
  paths: URLPattern[];
  /** A published file at the same path is served instead (the function's `preferStatic`). */
  preferStatic: boolean;
  handler: (request: Request, context: { ip: string }) => Promise<Response>;
}

async function loadFrameworkFunctions(): Promise<FrameworkFunction[]> {
  const folder = resolve(projectRoot, '.netlify/v1/functions');
  if (!existsSync(folder)) return [];
  const loaded: FrameworkFunction[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const main = join(folder, entry.name, `${entry.name}.mjs`);
    if (!entry.isDirectory() || !existsSync(main)) continue;
    const module = (await import(pathToFileURL(main).href)) as {
      default: FrameworkFunction['handler'];
      config?: { path?: string | string[]; preferStatic?: boolean };
    };
    loaded.push({
      paths: [module.config?.path ?? []].flat().map((pathname) => new URLPattern({ pathname })),
      preferStatic: module.config?.preferStatic ?? false,
      handler: module.default,
    });
  }
  return loaded;
}

const frameworkFunctions = await loadFrameworkFunctions();

async function frameworkFunctionFor(request: Request): Promise<FrameworkFunction | undefined> {
  const found = frameworkFunctions.find((candidate) => candidate.paths.some((path) => path.test(request.url)));
  if (found?.preferStatic && (await publishedFiles.match(request))) return undefined;
  return found;
}

await netlify.start();
await startDatabase();
await functionsBuilt(netlify);

/** The records' database: started by @netlify/dev, brought to the project's schema; any failure stops the server. */
async function startDatabase() {
  const database = netlify.db;
  if (!database) {
    console.error('npm start: the embedded database (.netlify/db) could not be started; see the warning above.');
    process.exit(1);
  }
  try {
    await applyProjectMigrations(database, projectRoot);
  } catch (error) {
    console.error(`npm start: ${(error as Error).message}`);
    process.exit(1);
  }
  const url = process.env.NETLIFY_DB_URL;
  if (url) writeFileSync(DATABASE_URL_FILE, `${url}\n`);
}

const server = createServer(async (req, res) => {
  try {
    const request = await toWebRequest(req);
    if (!request) return refuseTooLarge(res);
    const framework = await frameworkFunctionFor(request);
    if (framework)
      return await send(req, res, await framework.handler(request, { ip: req.socket.remoteAddress ?? '' }));
    const match = await netlify.handleAndIntrospect(request);
    const response = match?.type === 'redirect' ? await withRewriteStatus(request, match.response) : match?.response;
    await send(req, res, response ?? (await notFound(request)));
  } catch (error) {
    console.error('serve: request failed', req.method, req.url, error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'The local server failed to handle this request.' }));
  }
});

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  // As `netlify dev` does: the functions (run in this process) read the site's address from URL, so the links
  // they e-mail, and send-alerts' look at an article's page, reach this server whatever port it is on.
  if (!process.env.SITE_URL && !process.env.URL) process.env.URL = `http://localhost:${actualPort}`;
  writeFileSync(SITE_URL_FILE, `${process.env.SITE_URL ?? process.env.URL}\n`);
  console.log(
    `Serving ${projectRoot} with Netlify functions and Blobs on http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    rmSync(DATABASE_URL_FILE, { force: true });
    rmSync(SITE_URL_FILE, { force: true });
    void netlify.stop().finally(() => process.exit(0));
  });
}
