// Sending the site's forms from the browser: JSON with fetch (contact,
// consultation) and multipart with XMLHttpRequest, which reports upload
// progress (pupillage application). Both answer with a `SendOutcome`; neither
// throws, so an island only decides what to show.

/**
 * How long the contact and consultation buttons show "Sent" / "Request Sent"
 * before returning to idle, and the server's message stays (docs/requirements.md#enquiry-form-states).
 */
export const SENT_STATE_MS = 5000;

/** Where the contact and consultation buttons are: idle, sending, or showing "Sent" after the answer. */
export type SendPhase = 'idle' | 'sending' | 'sent';

export type SendOutcome =
  /** A 2xx answer; `message` is the answer's `message` field ('' when it had none). */
  | { ok: true; status: number; message: string }
  /** A non-2xx answer (`status` > 0) or no answer at all (`status` 0); `message` when the answer carried one. */
  | { ok: false; status: number; message: string | null };

/** The `message` string of a JSON answer such as `{ "message": "…" }`, if there is one. */
export function messageFromBody(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body as { message: unknown };
      if (typeof message === 'string' && message.trim() !== '') return message.trim();
    }
  } catch {
    // Not JSON (a proxy's error page, an empty body): there is no message to show.
  }
  return null;
}

function outcome(status: number, text: string): SendOutcome {
  const message = messageFromBody(text);
  return status >= 200 && status < 300 ? { ok: true, status, message: message ?? '' } : { ok: false, status, message };
}

/** POSTs `body` as JSON. Network failures become `{ ok: false, status: 0 }`. */
export async function postJson(url: string, body: unknown, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    return outcome(response.status, await response.text().catch(() => ''));
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

/** Upload progress: bytes sent so far and the total, when the browser knows it. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

/** The part of XMLHttpRequest the upload uses; tests hand in a double. */
export type UploadRequest = Pick<
  XMLHttpRequest,
  | 'open'
  | 'setRequestHeader'
  | 'send'
  | 'status'
  | 'responseText'
  | 'upload'
  | 'onload'
  | 'onerror'
  | 'onabort'
  | 'ontimeout'
>;

/**
 * A random key for one fill of a form, sent as `Idempotency-Key` with every
 * attempt to send it: the function stores a fill once however often it is
 * retried (src/server/submissions/idempotency.ts). crypto.randomUUID needs a
 * secure context; plain-http previews fall back to random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * POSTs `body` as multipart/form-data (the browser writes the boundary),
 * reporting progress as the bytes leave. Network failures become
 * `{ ok: false, status: 0 }`.
 */
export function postMultipart(
  url: string,
  body: FormData,
  {
    onProgress,
    idempotencyKey,
    createRequest = () => new XMLHttpRequest(),
  }: {
    onProgress?: (progress: UploadProgress) => void;
    idempotencyKey?: string;
    createRequest?: () => UploadRequest;
  } = {},
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const request = createRequest();
    const failed = () => resolve({ ok: false, status: 0, message: null });
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    if (idempotencyKey) request.setRequestHeader('Idempotency-Key', idempotencyKey);
    request.upload.onprogress = (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    request.onload = () => resolve(outcome(request.status, request.responseText ?? ''));
    request.onerror = failed;
    request.onabort = failed;
    request.ontimeout = failed;
    try {
      request.send(body);
    } catch {
      failed();
    }
  });
}

/** Whole percent of an upload, 0–100, or null when the total is unknown. */
export function uploadPercent({ loaded, total }: UploadProgress): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}
