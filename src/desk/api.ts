// The desk's calls to its functions (/api/v1/staff/, src/server/desk/): JSON in
// and out, the session in its cookie. Every error answer carries a `message`
// the desk shows as it is; a 401 means the session has ended.
const STAFF_API = '/api/v1/staff';

export class DeskError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The answer's `message`, or a sentence saying what went wrong when it has none. */
async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : `The desk could not do that (${response.status}).`;
}

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${STAFF_API}${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new DeskError(await messageOf(response), response.status);
  return response;
}

export const getJson = async <T>(path: string): Promise<T> => (await (await send('GET', path)).json()) as T;
export const postJson = async <T>(path: string, body: unknown = {}): Promise<T> =>
  (await (await send('POST', path, body)).json()) as T;
/** A POST whose answer is a file (an export): its bytes and the name the server gives it. */
export async function postForFile(path: string, body: unknown): Promise<{ blob: Blob; name: string }> {
  const response = await send('POST', path, body);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.zip';
  return { blob: await response.blob(), name };
}
