// An application sent to a running server (scripts/serve.ts) as the form sends
// it, with some of its files replaced: for the integration tests and the bench.
import { applicationFileFields, type ApplicationFileField } from '../../src/forms/application/application.ts';
import { applicationRequest, validApplicationData, validApplicationFiles, type UploadFile } from './sample-requests.ts';

export interface ServedAnswer {
  status: number;
  /** The answer's `message`, if it is JSON with one. */
  message: unknown;
  ms: number;
  /** The applicant's e-mail address, made unique for each application. */
  email: string;
}

export async function sendApplication(
  serverUrl: string,
  replaced: Partial<Record<ApplicationFileField, UploadFile>> = {},
): Promise<ServedAnswer> {
  const email = `applicant-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const files = { ...validApplicationFiles(), ...replaced };
  const request = await applicationRequest({
    data: { ...validApplicationData(files), email },
    files: applicationFileFields.map((name) => files[name]),
  });
  const started = performance.now();
  const answer = await fetch(`${serverUrl}${new URL(request.url).pathname}`, {
    method: 'POST',
    headers: { 'content-type': request.headers.get('content-type')! },
    body: await request.arrayBuffer(),
  });
  const text = await answer.text();
  const ms = performance.now() - started;
  const message = (() => {
    try {
      return (JSON.parse(text) as { message?: unknown }).message;
    } catch {
      return undefined;
    }
  })();
  return { status: answer.status, message, ms, email };
}
