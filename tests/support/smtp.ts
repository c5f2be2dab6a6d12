// A real SMTP server for tests (smtp-server on 127.0.0.1 or a given address, a
// free port, no STARTTLS): it accepts every message (or refuses every
// recipient, when asked), with or without a login, and keeps what arrived,
// parsed just enough to assert on: the envelope, the headers (unfolded, encoded
// words decoded) and the plain-text body (transfer encoding undone).
// Also: a server that accepts connections and never answers, and a port where
// nothing listens, to stand in for a dead mail server.
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  /** MAIL FROM and RCPT TO: who the message was really sent to, whatever the headers say. */
  envelope: { from: string; to: string[] };
  /** Header names in lower case, each with every value it had, in order. */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  subject: string;
  text: string;
  raw: string;
}

export interface TestSmtpServer {
  /** e.g. smtp://user:pass@127.0.0.1:2525 */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves once `count` messages have arrived in all (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  clear(): void;
  stop(): Promise<void>;
}

export interface SmtpServerOptions {
  /** The address to listen on (default 127.0.0.1). */
  host?: string;
  /** Answer every RCPT TO with 550, naming the address, as a server that knows no such mailbox does. */
  refuseRecipients?: boolean;
  /** The port to listen on (default: a free one), e.g. a stopped server's, to stand in for it coming back. */
  port?: number;
}

export async function startSmtpServer({
  host = '127.0.0.1',
  refuseRecipients = false,
  port: requestedPort = 0,
}: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (!refuseRecipients) return callback();
      callback(
        Object.assign(new Error(`<${address.address}>: Recipient address rejected: no such mailbox`), {
          responseCode: 550,
        }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, host, () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://website:secret@${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    messages,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages.slice(0, count);
    },
    clear() {
      messages.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts TCP connections and never says a word: a hung mail server. */
export async function startSilentServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An SMTP URL where nothing listens: connections are refused at once. */
export async function refusedSmtpUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------
// Just enough MIME for single-part text messages.

function parseMail(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(line.slice(colon + 1).trim());
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  const header = (name: string) => headers.get(name.toLowerCase())?.[0];
  const encoding = (header('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { envelope, headers, header, subject: header('subject') ?? '', text: text.replace(/\r\n/g, '\n'), raw };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = Buffer.from(text.replace(/=\r?\n/g, ''), 'latin1');
  for (let i = 0; i < source.length; i++) {
    if (source[i] === 0x3d && /^[0-9A-F]{2}$/i.test(source.subarray(i + 1, i + 3).toString('latin1'))) {
      bytes.push(Number.parseInt(source.subarray(i + 1, i + 3).toString('latin1'), 16));
      i += 2;
    } else {
      bytes.push(source[i]!);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=); white space between two of them is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
