// Where @netlify/dev (pinned at 5.1.3) departs from Netlify, changed in its
// classes before scripts/serve.ts starts it. Each change says what departs and
// names the test of tests/integration/serve.test.ts that fails without it: to
// see whether a newer @netlify/dev makes one unneeded, undo it and run the test
// (`npx vitest run --project integration tests/integration/serve.test.ts`).
import { NetlifyDev } from '@netlify/dev';
import { FunctionsHandler } from '@netlify/functions-dev';
import { withTransactionsApart } from './embedded-database.ts';
import { withWarmInstances } from './warm-functions.ts';

export function changeNetlifyDev() {
  withFunctionsSettings();
  withBuildsReused();
  withFunctionsHandlerKnown();
  withWarmInstances();
  withTransactionsApart();
}

// netlify.toml's [functions] settings are ignored: the functions are built with
// the top level of the resolved configuration, where they are not (they are
// under `.config`), so `included_files` and `node_bundler` never reached the
// bundler, and the application's function carried the 121 MB Node.js binary
// that sharp's libc probe points the file tracer at. So the builder is handed
// them where it looks. Test: "builds functions with netlify.toml's [functions] settings …".
function withFunctionsSettings() {
  type Resolved = { config: { functions?: unknown } };
  const prototype = NetlifyDev.prototype as unknown as { getConfig(): Promise<Resolved> };
  const resolve = prototype.getConfig;
  prototype.getConfig = async function (this: unknown) {
    const resolved = await resolve.call(this);
    return { ...resolved, functions: resolved.config.functions };
  };
}

// Every call builds its function anew (3 s for the application's), into a
// folder of its own that it deletes when it ends, though the functions are
// built when found and again when their files change; a call arriving during
// another's build loaded its code from that folder, gone by then: a 500.
// Netlify runs one build for every call; so a call here awaits the function's
// last build. Test: "runs a function as built, not built anew for each call".
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

// The functions are built when found, in the background of this one process: for
// some ten seconds after it began to listen, a static file took up to 3 s to
// serve, and a page's first visitor waited on every file. Netlify builds them
// at deploy, before any request; so scripts/serve.ts awaits functionsBuilt()
// before it listens. Test: "has built every function before it answers".
interface BuiltFunction {
  getBuildData(): Promise<unknown>;
}
interface KnownHandler {
  scan: Promise<unknown>;
  registry: { functions: Map<string, BuiltFunction> };
}
/** Every function found and built, from the handler's first match on. */
let builds: Promise<unknown> | undefined;

async function buildsOf(handler: KnownHandler): Promise<void> {
  await handler.scan;
  await Promise.all([...handler.registry.functions.values()].map((func) => func.getBuildData()));
}

function withFunctionsHandlerKnown() {
  type Match = (this: KnownHandler, ...args: unknown[]) => unknown;
  const prototype = FunctionsHandler.prototype as unknown as { match: Match };
  const match = prototype.match;
  prototype.match = function (...args) {
    builds ??= buildsOf(this);
    return match.apply(this, args);
  };
}

/** Resolves once every function of the project is found and built. */
export async function functionsBuilt(netlify: NetlifyDev): Promise<void> {
  // Its first request reaches the functions handler (every request asks it for a match).
  await netlify.handle(new Request('http://localhost/'));
  await builds;
}
