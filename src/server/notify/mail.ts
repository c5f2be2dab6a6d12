// Sending e-mail: nodemailer over SMTP. Every message is plain text only, so
// nothing a visitor typed is ever rendered as HTML; and every text that goes
// into a header (subject, display names) is passed through headerText(), so a
// line break typed into a form can never start a header of its own.
import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

interface MailAddress {
  name?: string;
  address: string;
}

export interface OutgoingMail {
  from: string;
  to: ReadonlyArray<string | MailAddress>;
  replyTo?: MailAddress;
  subject: string;
  /** The whole message, as plain text. */
  text: string;
  /** A calendar invitation (RFC 5545 text, METHOD:REQUEST), sent as the text/calendar part calendars act on. */
  invitation?: string;
  /** A one-click unsubscribe URL: sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058). */
  listUnsubscribe?: string;
}

interface SendOptions {
  /** Aborts the send (nodemailer closes the connection) when it fires. */
  signal?: AbortSignal;
}

/** Sends one message, or throws why it could not. */
export interface Mailer {
  send(mail: OutgoingMail, options?: SendOptions): Promise<void>;
}

/**
 * How long one SMTP conversation may stall at each step. The function's own
 * deadline (NOTIFY_DEADLINE_MS in sending.ts) bounds the whole send; these
 * only make a dead server fail fast instead of after nodemailer's minutes.
 */
export interface SmtpTimeouts {
  /** To open the connection. */
  connectionMs: number;
  /** For the server's greeting once connected. */
  greetingMs: number;
  /** Of silence at any later point. */
  socketMs: number;
}

const SMTP_TIMEOUTS: Readonly<SmtpTimeouts> = {
  connectionMs: 5_000,
  greetingMs: 5_000,
  socketMs: 10_000,
};

/** nodemailer's SMTP options, with one its type definitions lack. */
export type SmtpOptions = SMTPTransport.Options & { socketCloseTimeout?: number };

/** Hosts a plain connection to which never leaves the machine (a local relay, the tests' server). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * nodemailer's options for the SMTP server at `url`. An `smtp://` connection
 * must upgrade with STARTTLS before it logs in or sends (requireTLS): without
 * it, a server that does not offer STARTTLS, or anyone in the way who strips
 * the offer, would get the password and every message in clear. Only a
 * loopback host is spoken to in plain text. `smtps://` is TLS from the start.
 */
export function smtpTransportOptions(url: string, timeouts: Partial<SmtpTimeouts> = {}): SmtpOptions {
  const limits = { ...SMTP_TIMEOUTS, ...timeouts };
  const { protocol, hostname } = new URL(url);
  return {
    url,
    requireTLS: protocol === 'smtp:' && !LOOPBACK_HOSTS.has(hostname.toLowerCase()),
    connectionTimeout: limits.connectionMs,
    greetingTimeout: limits.greetingMs,
    socketTimeout: limits.socketMs,
    socketCloseTimeout: 0,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * A mailer that talks to the SMTP server at `url`, e.g.
 * `smtps://user:password@smtp.example.com:465` or `smtp://127.0.0.1:2525`.
 */
export function createSmtpMailer(url: string, timeouts: Partial<SmtpTimeouts> = {}): Mailer {
  const transport = createTransport(smtpTransportOptions(url, timeouts));
  return {
    async send(mail, { signal } = {}) {
      const info = await transport.sendMail({
        from: mail.from,
        to: mail.to.map(toAddress),
        ...(mail.replyTo ? { replyTo: toAddress(mail.replyTo) } : {}),
        subject: headerText(mail.subject, SUBJECT_MAX),
        text: bodyText(mail.text),
        ...(mail.invitation
          ? { icalEvent: { method: 'REQUEST', filename: 'invitation.ics', content: mail.invitation } }
          : {}),
        ...(mail.listUnsubscribe
          ? {
              headers: {
                'List-Unsubscribe': `<${headerText(mail.listUnsubscribe, 2000)}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
        ...(signal ? { signal } : {}),
      });
      const rejected = info.rejected ?? [];
      if (rejected.length > 0) throw new Error(`The mail server refused ${rejected.join(', ')}`);
    },
  };
}

const toAddress = (address: string | MailAddress) =>
  typeof address === 'string'
    ? address
    : { name: headerText(address.name ?? '', NAME_MAX), address: headerText(address.address, 254) };

/** Longest subject we send; mail clients show about 60–80 characters anyway. */
const SUBJECT_MAX = 150;
/** Longest display name in an address header. */
const NAME_MAX = 120;

/**
 * Text fit for a header: every control, format or line/paragraph separator
 * character (CR, LF, TAB, NUL, U+2028, bidi overrides…) becomes a space, runs
 * of white space become one, and the result is cut at `max` characters.
 */
export function headerText(value: string, max = SUBJECT_MAX): string {
  const clean = value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Text fit for a plain-text body: line breaks normalised to LF, tabs kept,
 * every other control character and the bidirectional overrides (which can
 * make a file name read backwards) removed.
 */
export function bodyText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '');
}

/**
 * `text` with every e-mail address cut to its first character and domain
 * (`r***@mnoadvocates.co.ke`): enough to tell which recipient failed, without
 * putting addresses in logs.
 */
export function redactAddresses(text: string): string {
  return text.replace(
    /([\w.!#$%&'*+/=?^`{|}~-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g,
    (_match, local: string, domain: string) => `${local[0]}***@${domain}`,
  );
}
