// Splitting a multipart/form-data body captured in the browser into its parts,
// to check what the application form sent.

export interface CapturedPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  body: Buffer;
}

export function parseMultipartBody(contentType: string, body: Buffer): CapturedPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: CapturedPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break; // closing delimiter
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) throw new Error('multipart body has no closing delimiter');
    // The part sits between the CRLF after the delimiter and the CRLF before the next one.
    const part = body.subarray(afterDelimiter + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    parts.push({
      name: /\bname="([^"]*)"/.exec(disposition)?.[1] ?? '',
      filename: /\bfilename="([^"]*)"/.exec(disposition)?.[1] ?? null,
      contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? null,
      body: Buffer.from(part.subarray(headerEnd + 4)),
    });
    start = next;
  }
  return parts;
}
