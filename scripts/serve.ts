// Serves the built site the way Netlify does in production: static files from
// `dist/`, the functions in `netlify/functions/`, Netlify Blobs on local disk
// (`.netlify/blobs-serve`), and the redirects and headers of `netlify.toml`.
// It is Netlify's own emulation (@netlify/dev) behind a small HTTP server.
//
//   node scripts/serve.ts [projectRoot]     PORT overrides the port (8888), HOST the
//                                           address it listens on (127.0.0.1: this machine only)
//
// Six defects of @netlify/dev (pinned at 5.1.3) are worked around below. Each
// test named here passes only because of its workaround: to see whether a new
// @netlify/dev fixes a defect, delete the workaround and run the test
// (`npx vitest run tests/integration/serve.test.ts`); if it passes, the
// workaround can go.
//
//  1. Binary bodies arrive corrupted. A request body whose content type is not
//     text is marked base64-encoded for the function but handed on raw, so a
//     PDF or a photo reaches the function as different bytes. To see it, POST
//     a PDF to a function that hashes its body. Worked around in toWebRequest().
//     Test: "hands a binary … body to a function byte for byte". The day
//     upstream encodes the body itself, that test fails on its own (the body is
//     then encoded twice): remove the workaround then.
//  2. A rewrite answers with its target's status, not the rule's. A rule such
//     as `from = "/insight/*" to = "/insight/404/" status = 404` answers 200, so
//     an unknown article is not a 404. To see it, request /insight/no-such-slug.
//     Worked around in withRewriteStatus(). Test: "answers a status rewrite with
//     the rule's status …" (and tests/e2e/insights.spec.ts, "an unknown slug
//     answers 404 …").
//  3. Overlapping function calls share another call's build, which that call
//     deletes when it ends. Each call builds the function into a temporary
//     folder of its own and deletes the folder at its end, but a call arriving
//     while a build runs reuses that build, so it loads its code from another
//     call's folder, gone or going: "Cannot find module", status 500. To see it,
//     send a dozen calls at once. Worked around in handle(), which runs function
//     calls one at a time. Test: "answers every call when many arrive at once".
//  4. Functions a framework writes are not served. Only netlify/functions is
//     scanned, not the Frameworks API's .netlify/v1/functions, where Astro's
//     Netlify adapter puts the function that renders pages on request (the
//     draft preview, /preview/insight/<slug>). To see it, request a preview.
//     Worked around in frameworkFunctionFor(): each such function's module is
//     called, as Netlify calls it, for the paths its `config.path` names. Test:
//     tests/e2e/draft-preview.spec.ts.
//  5. The functions' settings of netlify.toml are ignored. The functions are
//     built with the top level of the resolved configuration, where they are
//     not (they are under `.config`), so [functions] `included_files` and
//     `node_bundler` never reach the bundler: the application's function then
//     carried the 121 MB Node.js binary that sharp's libc probe points the file
//     tracer at, copied on every call. Worked around in withFunctionsSettings().
//     Test: "builds functions with netlify.toml's [functions] settings".
//  6. Every call builds its function anew. The functions are built when they
//     are found (and again when their files change), yet each call builds
//     once more, into a folder of its own: 3 s for the application's function,
//     which carries a PDF library, an image library and an XML parser, more on
//     a busy machine. Netlify runs the same build for every call; so do we,
//     in withBuildsReused(): a call runs the function as last built (still in a
//     fresh worker thread, so a module's state does not outlive its call here).
//     Test: "runs a function as built, not built anew for each call".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable, type Transform } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import { FunctionsHandler } from '@netlify/functions-dev';
import { shouldBase64Encode } from '@netlify/dev-utils';
import { RedirectsHandler } from '@netlify/redirects';
import { StaticHandler } from '@netlify/static';
import { parse as parseToml, type TomlTable } from 'smol-toml';

const projectRoot = resolve(process.argv[2] ?? '.');
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';

// Defect 5 (see the top): hand the functions' builder the settings where it looks for them.
function withFunctionsSettings() {
  type Resolved = { config: { functions?: unknown } };
  const prototype = NetlifyDev.prototype as unknown as { getConfig(): Promise<Resolved> };
  const resolve = prototype.getConfig;
  prototype.getConfig = async function (this: unknown) {
    const resolved = await resolve.call(this);
    return { ...resolved, functions: resolved.config.functions };
  };
}
withFunctionsSettings();

// Defect 6 (see the top): a call runs the build made when its function was found or last changed.
function withBuildsReused() {
  type Handler = { globalBuildDirectory?: string };
  type Invoke = (this: Handler, request: Request, route: unknown, func: unknown, buildDirectory?: string) => unknown;
  const prototype = FunctionsHandler.prototype as unknown as { invoke: Invoke };
  const invoke = prototype.invoke;
  prototype.invoke = function (request, route, func) {
    this.globalBuildDirectory = undefined; // with no folder to build into, a call awaits the function's last build
    return invoke.call(this, request, route, func, undefined);
  };
}
withBuildsReused();

const netlify = new NetlifyDev({
  projectRoot,
  skipGitignore: true,
  // Everything below needs a Netlify account or the network; the site uses none of it.
  aiGateway: { enabled: false },
  database: { enabled: false },
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

// Defect 1 (see the top): a non-text body is marked base64-encoded but handed
// on raw. Netlify's platform encodes such bodies, so we do too.
async function toWebRequest(req: IncomingMessage): Promise<Request | null> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `localhost:${port}`}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  if (!hasBody) return new Request(url, { method: req.method, headers });
  let body = await readBody(req);
  if (!body) return null;
  if (body.length > 0 && shouldBase64Encode(headers.get('content-type') ?? '')) {
    body = Buffer.from(body.toString('base64'));
    headers.delete('content-length');
  }
  return new Request(url, { method: req.method, headers, body: new Uint8Array(body) });
}

async function notFound(request: Request): Promise<Response> {
  const page = await netlify.handle(new Request(new URL('/404.html', request.url), { headers: request.headers }));
  if (!page) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(page.body, { status: 404, headers: page.headers });
}

// Defect 2 (see the top): a rewrite answers with its target's status. Netlify
// answers with the rule's status when no file matches the path (an unforced
// rule never shadows a file); so do we.
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
  if (compressor) body.pipe(compressor.stream).pipe(res);
  else body.pipe(res);
}

// Defect 4 (see the top): the functions a framework writes, each in its own
// folder with a module of the folder's name, as Netlify deploys them.
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

// Defect 3 (see the top): overlapping function calls share another call's
// build, which that call deletes. So calls that are not for a published file
// run one at a time; pages and assets run in parallel.
let previousCall: Promise<unknown> = Promise.resolve();

async function handle(request: Request) {
  if (await publishedFiles.match(request)) return netlify.handleAndIntrospect(request);
  const call = previousCall.then(() => netlify.handleAndIntrospect(request));
  previousCall = call.catch(() => undefined);
  return call;
}

await netlify.start();

const server = createServer(async (req, res) => {
  try {
    const request = await toWebRequest(req);
    if (!request) return refuseTooLarge(res);
    const framework = await frameworkFunctionFor(request);
    if (framework)
      return await send(req, res, await framework.handler(request, { ip: req.socket.remoteAddress ?? '' }));
    const match = await handle(request);
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
  console.log(
    `Serving ${projectRoot} with Netlify functions and Blobs on http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    void netlify.stop().finally(() => process.exit(0));
  });
}
