// Streaming multipart/form-data parsing with busboy. The body is read from the
// request's web stream as it arrives; byte counts are checked on the way, so an
// oversized body or file is refused (413) as soon as it crosses its limit,
// without buffering the rest. Knows nothing about any one form: the
// application's rules come in through `MultipartOptions`.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { checkDeclaredLength, mediaType } from './body.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './responses.ts';

interface MultipartLimits {
  /** Whole body, counted as it streams in. */
  maxBodyBytes: number;
  maxFiles: number;
  /** Any one file. */
  maxFileBytes: number;
  /** All files together. */
  maxTotalFileBytes: number;
  maxFields: number;
  /** Any one text field's value. */
  maxFieldBytes: number;
  /** Parts of any kind (fields + files). */
  maxParts: number;
}

interface ReceivedField {
  name: string;
  value: string;
}

export interface ReceivedFile {
  /** 0 for the first file part, 1 for the second, … */
  index: number;
  fieldName: string;
  /** The filename the sender gave (base name only, as busboy strips any path). Untrusted. */
  filename: string;
  /** The Content-Type the sender gave. Untrusted. */
  declaredType: string;
  bytes: Buffer;
}

interface MultipartMessages {
  notMultipart: string;
  bodyTooLarge: string;
  tooManyFiles: string;
  tooManyFields: string;
  tooManyParts: string;
  totalTooLarge: string;
  fieldTooLarge(name: string): string;
  fileTooLarge(index: number, filename: string): string;
}

export interface MultipartOptions {
  limits: MultipartLimits;
  messages: MultipartMessages;
  /** A text field has arrived; throw an HttpError to stop. */
  onField?(field: ReceivedField): void;
  /** A file part begins; throw an HttpError to refuse it before its bytes are read. */
  onFileStart?(index: number, fieldName: string, filename: string): void;
  /** A file has fully arrived; throw or reject with an HttpError to stop (e.g. a wrong type). */
  onFile?(file: ReceivedFile): void | Promise<void>;
}

export interface MultipartResult {
  fields: ReceivedField[];
  files: ReceivedFile[];
}

/** Largest piece handed to busboy at a time. */
const SLICE_BYTES = 64 * 1024;

const malformed = (detail: string) =>
  badRequest(`The upload could not be read: the multipart body is malformed (${detail}).`);

/**
 * Parses a multipart/form-data request. Rejects with an HttpError for anything
 * the sender got wrong (415 not multipart, 400 malformed or too many parts,
 * 413 over a size limit); errors thrown by the callbacks pass through as they are.
 */
export async function parseMultipart(request: Request, options: MultipartOptions): Promise<MultipartResult> {
  const { limits, messages } = options;
  if (mediaType(request) !== 'multipart/form-data') throw unsupportedMediaType(messages.notMultipart);
  checkDeclaredLength(request, limits.maxBodyBytes, messages.bodyTooLarge);
  if (!request.body) throw malformed('the body is empty');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      defParamCharset: 'utf8',
      limits: {
        // busboy reports a limit when a count *reaches* it, so each is one past what we allow.
        fileSize: limits.maxFileBytes + 1,
        fieldSize: limits.maxFieldBytes + 1,
        files: limits.maxFiles,
        fields: limits.maxFields,
        parts: limits.maxParts + 1,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : 'unreadable Content-Type');
  }

  const body = request.body;
  return new Promise<MultipartResult>((resolve, reject) => {
    const fields: ReceivedField[] = [];
    const files: ReceivedFile[] = [];
    const inspections: Promise<void>[] = [];
    let fileCount = 0;
    let totalFileBytes = 0;
    let bodyBytes = 0;
    let settled = false;

    const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolveStop) => (stop = resolveStop));

    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      stop();
      source.destroy();
      parser.destroy();
      reject(error);
    }

    // busboy hands on a part whose Content-Disposition names nothing (no name, or name="")
    // with the name undefined, whatever its types say; no form sends such a part.
    parser.on('field', (name: string | undefined, value, info) => {
      if (settled) return;
      if (!name) return fail(malformed('a part has no name'));
      if (info.nameTruncated) return fail(malformed('a field name is too long'));
      if (info.valueTruncated) return fail(payloadTooLarge(messages.fieldTooLarge(name)));
      const field = { name, value };
      fields.push(field);
      try {
        options.onField?.(field);
      } catch (error) {
        fail(error);
      }
    });

    parser.on('file', (fieldName: string | undefined, stream, info) => {
      const index = fileCount++;
      // Errors surface through `fail`; this listener only keeps a destroyed stream from throwing.
      stream.on('error', (error) => fail(malformed(error.message)));
      if (settled) {
        stream.resume();
        return;
      }
      if (!fieldName) {
        stream.resume();
        return fail(malformed('a part has no name'));
      }
      const filename = info.filename ?? '';
      try {
        options.onFileStart?.(index, fieldName, filename);
      } catch (error) {
        stream.resume();
        fail(error);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        totalFileBytes += chunk.length;
        if (totalFileBytes > limits.maxTotalFileBytes) return fail(payloadTooLarge(messages.totalTooLarge));
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(payloadTooLarge(messages.fileTooLarge(index, filename))));
      stream.on('end', () => {
        if (settled) return;
        const file: ReceivedFile = {
          index,
          fieldName,
          filename,
          declaredType: info.mimeType,
          bytes: Buffer.concat(chunks, size),
        };
        files.push(file);
        if (options.onFile) {
          const inspect = options.onFile;
          inspections.push(
            Promise.resolve()
              .then(() => inspect(file))
              .catch(fail),
          );
        }
      });
    });

    parser.on('filesLimit', () => fail(badRequest(messages.tooManyFiles)));
    parser.on('fieldsLimit', () => fail(badRequest(messages.tooManyFields)));
    parser.on('partsLimit', () => fail(badRequest(messages.tooManyParts)));
    parser.on('error', (error: Error) => fail(malformed(error.message)));
    parser.on('close', () => {
      if (settled) return;
      void Promise.all(inspections).then(() => {
        if (settled) return;
        settled = true;
        stop();
        files.sort((a, b) => a.index - b.index);
        resolve({ fields, files });
      });
    });
    // Feeds the body to busboy in slices of at most SLICE_BYTES, counting as it
    // goes and waiting whenever busboy asks: a body may arrive as one large
    // chunk (Netlify hands over the buffered body), and slicing lets the
    // per-file and total limits stop the parse at the file that crosses them.
    void (async () => {
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          for (let offset = 0; offset < chunk.length; offset += SLICE_BYTES) {
            if (settled) return;
            const slice = chunk.subarray(offset, offset + SLICE_BYTES);
            bodyBytes += slice.length;
            if (bodyBytes > limits.maxBodyBytes) return fail(payloadTooLarge(messages.bodyTooLarge));
            if (!parser.write(slice)) await Promise.race([once(parser, 'drain'), stopped]);
          }
        }
        if (!settled) parser.end();
      } catch {
        fail(malformed('the body could not be read'));
      }
    })();
  });
}
