// Reading a request body with a byte limit that holds even when no
// Content-Length is sent (the local server has no cap of its own). The rest of
// src/server/http (request-origin, json-body, multipart, responses) and how a
// request passes through it: docs/architecture.md, "src/server, by feature".
import { payloadTooLarge } from './responses.ts';

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Rejects at once when the declared Content-Length is already over the limit. */
export function checkDeclaredLength(request: Request, maxBytes: number, message: string): void {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge(message);
}

/** Reads the whole body, stopping with 413 as soon as more than `maxBytes` arrive. */
export async function readBodyWithLimit(request: Request, maxBytes: number, message: string): Promise<Uint8Array> {
  checkDeclaredLength(request, maxBytes, message);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(message);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
