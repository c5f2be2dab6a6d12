// Hygraph's webhook signature, as its own @hygraph/utils verifyWebhookSignature
// computes it (github.com/hygraph/hygraph-utils, index.js on main): the header
//   gcms-signature: sign=<base64>, env=<environment>, t=<ms since 1970>
// where <base64> is HMAC-SHA256, keyed with the webhook's secret, of
//   JSON.stringify({ Body: <raw body>, EnvironmentName: <env>, TimeStamp: <t as a number> })
// Every part of the header is the sender's to forge, so each is parsed
// strictly and the comparison takes the same time whatever the guess.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Hygraph signs each delivery in. */
export const SIGNATURE_HEADER = 'gcms-signature';

/** How far a delivery's timestamp may be from now, either way: older is a replay, newer a forged clock. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface ParsedSignature {
  sign: string;
  environment: string;
  timestamp: number;
}

/** Longest header worth parsing: a 44-character signature, an environment name and 13 digits fit many times over. */
const MAX_HEADER_LENGTH = 512;
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;
const ENVIRONMENT = /^[A-Za-z0-9_-]{1,64}$/;
const TIMESTAMP = /^\d{1,16}$/;

/** The header's three parts, or undefined when it is not exactly what Hygraph sends. */
export function parseSignatureHeader(header: string | null): ParsedSignature | undefined {
  if (!header || header.length > MAX_HEADER_LENGTH) return undefined;
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 1) return undefined;
    const name = part.slice(0, separator).trim();
    if (parts.has(name)) return undefined;
    parts.set(name, part.slice(separator + 1).trim());
  }
  const sign = parts.get('sign');
  const environment = parts.get('env');
  const timestamp = parts.get('t');
  if (parts.size !== 3 || !sign || !environment || !timestamp) return undefined;
  if (!BASE64_SHA256.test(sign) || !ENVIRONMENT.test(environment) || !TIMESTAMP.test(timestamp)) return undefined;
  return { sign, environment, timestamp: Number(timestamp) };
}

/** The base64 HMAC Hygraph sends for this body, environment and timestamp. */
export function computeSignature(secret: string, body: string, environment: string, timestamp: number): string {
  const signed = JSON.stringify({ Body: body, EnvironmentName: environment, TimeStamp: timestamp });
  return createHmac('sha256', secret).update(signed).digest('base64');
}

/** A complete `gcms-signature` header, as Hygraph would send it (the tests and the bench sign with it). */
export function signatureHeader(secret: string, body: string, timestamp: number, environment = 'master'): string {
  return `sign=${computeSignature(secret, body, environment, timestamp)}, env=${environment}, t=${timestamp}`;
}

export type SignatureCheck =
  { ok: true; signature: ParsedSignature } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

/**
 * Whether the body was signed with this secret within MAX_CLOCK_SKEW_MS of
 * `now`. The timestamp is checked first, so a replayed delivery costs no HMAC.
 */
export function checkSignature(header: string | null, body: string, secret: string, now: number): SignatureCheck {
  const signature = parseSignatureHeader(header);
  if (!signature) return { ok: false, reason: 'malformed' };
  if (Math.abs(now - signature.timestamp) > MAX_CLOCK_SKEW_MS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(computeSignature(secret, body, signature.environment, signature.timestamp), 'utf8');
  const received = Buffer.from(signature.sign, 'utf8');
  // Both are 44 base64 characters once parsed; the length check only keeps timingSafeEqual from throwing.
  const equal = expected.length === received.length && timingSafeEqual(expected, received);
  return equal ? { ok: true, signature } : { ok: false, reason: 'mismatch' };
}
