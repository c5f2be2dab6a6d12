// Conditional writes to Blobs are not atomic: the local Blobs server checks a
// write's condition (create-only, or only over a given version), then writes,
// with awaits between, so of twenty create-only writes of one key at once, all
// twenty succeeded. Netlify Blobs makes them atomic, and the site counts on it
// (the daily limit's counter, an application's idempotency claim, a
// notification's lease, a held consultation time). So writes to one key run
// one at a time here: in `npm start` (upstream-changes.ts) and in the tests'
// Blobs server (scripts/lib/local-blobs.ts). Test: "lets one of many
// overlapping create-only writes of a Blobs key succeed …".
import { BlobsServer } from '@netlify/blobs/server';

const applied = new WeakSet<object>();

/** Changes the local Blobs server, once per process, so that writes to one key are made one after another. */
export function withAtomicBlobWrites() {
  const prototype = BlobsServer.prototype as unknown as { put(request: Request): Promise<Response> };
  if (applied.has(prototype)) return;
  applied.add(prototype);
  const put = prototype.put;
  const lastWrite = new Map<string, Promise<unknown>>();
  prototype.put = function (request) {
    const key = new URL(request.url).pathname;
    const write = (lastWrite.get(key) ?? Promise.resolve()).then(() => put.call(this, request));
    const done = write.catch(() => undefined);
    lastWrite.set(key, done);
    void done.then(() => lastWrite.get(key) === done && lastWrite.delete(key));
    return write;
  };
}
