// A page of the site's own deploy, read by a function (an article for its
// alert, the build's category list) within a time and a size, so that a slow
// or oversized answer never holds a request or a scheduled run.
export type PageFetch = (url: string, init: RequestInit) => Promise<Response>;

interface Bounds {
  accept: string;
  timeoutMs: number;
  maxBytes: number;
}

export type OwnPage = { ok: true; text: string } | { ok: false; why: string };

/** The text at `url`, unless it does not answer 200 within `timeoutMs` with at most `maxBytes` (then why). */
export async function fetchOwnPage(
  url: string,
  { accept, timeoutMs, maxBytes }: Bounds,
  fetchPage: PageFetch = globalThis.fetch,
): Promise<OwnPage> {
  const answer = await fetchPage(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept } });
  const tooLarge = { ok: false, why: `${url} is larger than ${maxBytes} bytes` } as const;
  if (answer.status !== 200 || Number(answer.headers.get('content-length') ?? 0) > maxBytes) {
    await answer.body?.cancel().catch(() => {});
    return answer.status === 200 ? tooLarge : { ok: false, why: `${url} answered ${answer.status}` };
  }
  const text = await answer.text();
  return text.length > maxBytes ? tooLarge : { ok: true, text };
}
