// Each function's calls answered by a warm instance, as on Netlify, where an
// instance serves call after call: @netlify/functions-dev starts a worker thread
// and loads the function anew for every call (~0.5 s). Here a function has one
// worker (function-instance.ts: functions share no globals, as on Netlify),
// loaded from its latest build and replaced once it is rebuilt; calls that
// overlap run in it together (on Netlify each would have an instance). Only a
// call's last step is replaced: routing, x-nf-* headers, schedules, builds and
// timeouts stay upstream's, as do Lambda-style (v1) functions (the site has none).
// Tests (tests/integration/serve.test.ts): "keeps a function's instance warm
// between calls", "hands a binary … body to a function byte for byte".
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { shouldBase64Encode } from '@netlify/dev-utils';
import { FunctionsHandler } from '@netlify/functions-dev';
import type { InstanceAnswer, InstanceCall } from './function-instance.ts';

// What this file uses of @netlify/functions-dev's NetlifyFunction and its runtime, which it does not export.
interface Build {
  buildPath: string;
  runtimeAPIVersion?: number;
}
interface NetlifyFunction {
  name: string;
  runtime: Runtime;
  buildData?: Build;
}
interface InvokeOptions {
  context: unknown;
  func: NetlifyFunction;
  request: Request;
  route?: string;
  timeout: number;
}
interface Runtime {
  invokeFunction(options: InvokeOptions): Promise<Response>;
}
type Invoke = (
  this: unknown,
  request: Request,
  route: unknown,
  func: NetlifyFunction,
  buildDirectory?: string,
) => Promise<Response>;

/** Runs every call of a function of Netlify's current API (v2) in the function's warm instance. */
export function withWarmInstances() {
  const prototype = FunctionsHandler.prototype as unknown as { invoke: Invoke };
  const invoke = prototype.invoke;
  prototype.invoke = function (request, route, func, buildDirectory) {
    func.runtime = warm(func.runtime);
    return invoke.call(this, request, route, func, buildDirectory);
  };
}

const warmed = new WeakSet<Runtime>();

function warm(upstream: Runtime): Runtime {
  if (warmed.has(upstream)) return upstream;
  const runtime: Runtime = {
    ...upstream,
    invokeFunction: (options) =>
      options.func.buildData?.runtimeAPIVersion === 2 ? invokeWarm(options) : upstream.invokeFunction(options),
  };
  warmed.add(runtime);
  return runtime;
}

async function invokeWarm({ context, func, request, route, timeout }: InvokeOptions): Promise<Response> {
  const event = await lambdaEvent(request, route);
  return instanceOf(func).call({ event, clientContext: JSON.stringify(context), timeoutMs: timeout * 1000 });
}

/**
 * The Lambda event a v2 function's bootstrap reads its request from. A body that is not text is
 * base64-encoded, as Netlify's platform sends it (upstream marks it encoded but hands it on raw).
 */
async function lambdaEvent(request: Request, route: string | undefined) {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  const isBase64Encoded = shouldBase64Encode(request.headers.get('content-type') ?? '');
  const body = Buffer.from(await request.arrayBuffer());
  return {
    rawUrl: request.url,
    httpMethod: request.method,
    headers,
    body: body.length > 0 ? body.toString(isBase64Encoded ? 'base64' : 'utf8') : null,
    isBase64Encoded,
    route,
  };
}

const instances = new Map<string, WarmInstance>();

/** The function's instance, started on its first call and again after a rebuild or a crash. */
function instanceOf(func: NetlifyFunction): WarmInstance {
  const build = func.buildData!; // a call awaits its function's build before it runs
  const current = instances.get(func.name);
  if (current?.build === build && !current.ended) return current;
  current?.retire();
  const instance = new WarmInstance(func.name, build);
  instances.set(func.name, instance);
  return instance;
}

const instanceScript = new URL('./function-instance.ts', import.meta.url);

class WarmInstance {
  readonly build: Build;
  private readonly worker: Worker;
  /** How to fail each call under way: the instance may end before answering it. */
  private readonly calls = new Set<(error: unknown) => void>();
  private retired = false;
  /** Why the instance ended (its code failed to load, or threw outside a call), once it has. */
  ended: Error | undefined;

  constructor(name: string, build: Build) {
    this.build = build;
    this.worker = new Worker(instanceScript, { workerData: { entry: pathToFileURL(build.buildPath).href } });
    this.worker.unref();
    this.worker.on('error', (error) => {
      console.error(`serve: the instance of function ${name} failed; the next call starts another`, error);
      this.end(error);
    });
    this.worker.on('exit', (code) =>
      this.end(new Error(`The instance of function ${name} stopped (exit code ${code}).`)),
    );
  }

  call(call: Omit<InstanceCall, 'port'>): Promise<Response> {
    const { port1, port2 } = new MessageChannel();
    const answer = receive(port1, () => {
      this.calls.delete(answer.fail);
      if (this.retired && this.calls.size === 0) void this.worker.terminate();
    });
    this.calls.add(answer.fail);
    this.worker.postMessage({ ...call, port: port2 } satisfies InstanceCall, [port2]);
    return answer.response;
  }

  /** Stops the instance once the calls under way are answered: a newer build serves the next ones. */
  retire() {
    this.retired = true;
    if (this.calls.size === 0) void this.worker.terminate();
  }

  private end(error: Error) {
    this.ended ??= error;
    for (const fail of this.calls) fail(this.ended);
  }
}

/** Statuses whose response has no body (the bootstrap still writes an empty chunk). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** A call's answer as it arrives on its port: a Response once the head is in, its body fed by the chunks. */
function receive(port: MessagePort, onSettled: () => void) {
  let respond!: (response: Response) => void;
  let refuse!: (error: unknown) => void;
  const response = new Promise<Response>((resolve, reject) => ([respond, refuse] = [resolve, reject]));
  let body!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (controller) => void (body = controller), cancel: settle });
  let headed = false;
  let settled = false;
  function settle() {
    if (settled) return;
    settled = true;
    port.close();
    onSettled();
  }
  function fail(error: unknown) {
    if (settled) return;
    if (headed) body.error(error);
    else refuse(error);
    settle();
  }
  port.on('message', (message: InstanceAnswer) => {
    if ('head' in message) {
      headed = true;
      const { statusCode, headers = {}, multiValueHeaders = {} } = message.head;
      const all = new Headers();
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) all.set(name, String(value));
      for (const [name, values] of Object.entries(multiValueHeaders))
        for (const value of values) all.append(name, String(value));
      respond(new Response(NULL_BODY.has(statusCode) ? null : stream, { status: statusCode, headers: all }));
    } else if ('chunk' in message) body.enqueue(message.chunk);
    else if ('end' in message) {
      body.close();
      settle();
    } else fail(message.error); // rendered as upstream renders a failed call: a 500 with the error
  });
  return { response, fail };
}
