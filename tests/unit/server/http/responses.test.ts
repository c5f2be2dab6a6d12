import { describe, expect, it } from 'vitest';
import { errorResponse, HttpError, methodNotAllowed } from '../../../../src/server/http/responses.ts';
import { StorageError } from '../../../../src/server/submissions/store.ts';

describe('function answers', () => {
  it('turns a sender’s mistake into its status and message', async () => {
    const response = errorResponse(new HttpError(422, 'name: Name input is required'), { what: 'x', log: () => {} });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: 'name: Name input is required' });
  });

  it('logs our own fault with a reference the message quotes, without leaking the error', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const response = errorResponse(new Error('secret detail'), {
      what: 'save your message',
      log: (entry) => logged.push(entry),
    });
    expect(response.status).toBe(500);
    const { message } = (await response.json()) as { message: string };
    expect(message).not.toContain('secret detail');
    expect(logged[0]).toMatchObject({ detail: 'secret detail', what: 'save your message' });
    expect(message).toContain(`reference ${logged[0]!.reference}`);
  });

  it('logs what caused our fault, such as the Blobs error behind a storage failure', () => {
    const logged: Array<Record<string, unknown>> = [];
    const blobsError = Object.assign(new Error('Netlify Blobs has generated an internal error (503 status code)'), {
      name: 'BlobsInternalError',
    });
    errorResponse(new StorageError('Could not store contact/01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH', { cause: blobsError }), {
      what: 'save your message',
      log: (entry) => logged.push(entry),
    });
    expect(logged[0]).toMatchObject({
      error: 'StorageError',
      detail: 'Could not store contact/01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH',
      cause: { error: 'BlobsInternalError', detail: 'Netlify Blobs has generated an internal error (503 status code)' },
    });
  });

  it('answers other methods with 405 and Allow: POST, with the security headers', () => {
    const response = methodNotAllowed();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
  });
});
