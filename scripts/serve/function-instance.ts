// A warm instance of one Netlify function, in a worker thread of its own
// (started by warm-functions.ts): it loads the function as built once, then
// runs every call it is handed, as Netlify's runtime does, through the
// function's own bootstrap (the request, Context and `Netlify` global a
// deployed function gets) under lambda-local, as @netlify/functions-dev does.
// A call arrives with a port of its own and is answered on it: the head, the
// body's chunks, the end (or an error); the caller closes the port.
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';

/** A call: the Lambda event the bootstrap reads, and where to answer. */
export interface InstanceCall {
  event: Record<string, unknown>;
  clientContext: string;
  timeoutMs: number;
  port: MessagePort;
}

/** What the instance sends on a call's port, in this order: a head, chunks, an end; or an error at any point. */
export type InstanceAnswer =
  | { head: { statusCode: number; headers?: Record<string, unknown>; multiValueHeaders?: Record<string, unknown[]> } }
  | { chunk: Uint8Array }
  | { end: true }
  | { error: LambdaError };

/** A failed call as lambda-local reports it, and as @netlify/functions-dev renders it (a 500). */
export interface LambdaError {
  errorType: string;
  errorMessage: string;
  stackTrace: string[];
}

interface LambdaResult {
  statusCode: number;
  headers?: Record<string, unknown>;
  multiValueHeaders?: Record<string, unknown[]>;
  body?: unknown;
}
interface LambdaLocal {
  getLogger(): { level: string };
  execute(options: Record<string, unknown>): Promise<LambdaResult>;
}

// The lambda-local @netlify/functions-dev runs functions with (it also defines the `awslambda` global the bootstrap needs).
const lambdaLocal = createRequire(import.meta.resolve('@netlify/functions-dev'))('lambda-local') as LambdaLocal;
lambdaLocal.getLogger().level = 'alert';
process.setSourceMapsEnabled(true); // the bundles carry source maps: errors name the source files

const { entry } = workerData as { entry: string };
const lambdaFunc: unknown = await import(entry);

async function answer({ event, clientContext, timeoutMs, port }: InstanceCall) {
  const send = (message: InstanceAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  try {
    const { body, statusCode, headers, multiValueHeaders } = await lambdaLocal.execute({
      clientContext,
      event,
      lambdaFunc,
      region: 'dev',
      timeoutMs,
      verboseLevel: 3,
    });
    send({ head: { statusCode, headers, multiValueHeaders } });
    // The bootstrap of a v2 function always answers with a stream (lambda-local's response streaming).
    for await (const chunk of body as Readable) {
      const copy = new Uint8Array(chunk as Uint8Array); // a buffer of its own, to hand over whole
      send({ chunk: copy }, [copy.buffer]);
    }
    send({ end: true });
  } catch (error) {
    send({ error: asLambdaError(error) });
  }
}

function asLambdaError(error: unknown): LambdaError {
  if (typeof error === 'object' && error && 'errorMessage' in error) {
    const { errorType = 'Error', errorMessage, stackTrace = [] } = error as Partial<LambdaError>;
    return { errorType, errorMessage: String(errorMessage), stackTrace };
  }
  const { name, message, stack = '' } = error instanceof Error ? error : new Error(String(error));
  return {
    errorType: name,
    errorMessage: message,
    stackTrace: stack
      .split('\n')
      .slice(1)
      .map((line) => line.trim().replace(/^at /, '')),
  };
}

parentPort?.on('message', (call: InstanceCall) => void answer(call));
