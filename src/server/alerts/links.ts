// The two links an alert e-mail carries, signed with the site's link secret
// (documents/links.ts) and marked as alert links so no other link passes for
// one. The confirmation link names the address, the request and when it
// expires (7 days on); the unsubscribe link names the address alone and never
// expires (RFC 8058: it must work for as long as alerts may arrive). Opening
// either only shows a page with a button; the POST acts (link-handlers.ts).
//
//   /api/v1/alerts/confirm/<address key>?request=<id>&expires=<unix seconds>&signature=<base64url>
//   /api/v1/alerts/unsubscribe/<address key>?signature=<base64url>
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAY_MS } from '../../lib/nairobi-time.ts';
import { ALERT_REQUEST_DAYS } from '../../lib/privacy.ts';
import { isSubmissionId } from '../submissions/ids.ts';
import { isAddressKey } from './store.ts';

export const CONFIRM_PATH = '/api/v1/alerts/confirm';
export const UNSUBSCRIBE_PATH = '/api/v1/alerts/unsubscribe';

/** How long a confirmation link works, and a request waits for it. */
export const CONFIRM_WITHIN_MS = ALERT_REQUEST_DAYS * DAY_MS;

const sign = (secret: string, ...parts: string[]) =>
  createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');

const sameSignature = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The link that confirms request `request` of `address`, working for CONFIRM_WITHIN_MS from `now`. */
export function confirmLink(address: string, request: string, secret: string, origin: string, now: Date): string {
  const expires = String(Math.floor((now.getTime() + CONFIRM_WITHIN_MS) / 1000));
  const url = new URL(`${CONFIRM_PATH}/${address}`, origin);
  url.searchParams.set('request', request);
  url.searchParams.set('expires', expires);
  url.searchParams.set('signature', sign(secret, 'alert-confirm', address, request, expires));
  return url.href;
}

/** The link that unsubscribes `address` from every alert. */
export function unsubscribeLink(address: string, secret: string, origin: string): string {
  const url = new URL(`${UNSUBSCRIBE_PATH}/${address}`, origin);
  url.searchParams.set('signature', sign(secret, 'alert-unsubscribe', address));
  return url.href;
}

type Refused = { ok: false; status: 400 | 403 | 410 };
export type ConfirmLinkCheck = { ok: true; address: string; request: string } | Refused;
export type UnsubscribeLinkCheck = { ok: true; address: string } | Refused;

const addressIn = (url: URL, path: string) => {
  const rest = url.pathname.startsWith(`${path}/`) ? url.pathname.slice(path.length + 1).replace(/\/$/, '') : '';
  return isAddressKey(rest) ? rest : null;
};

/** Whether `url` is a confirmation link this site signed that has not expired; compared in constant time. */
export function checkConfirmLink(url: URL, secret: string, now: Date): ConfirmLinkCheck {
  const address = addressIn(url, CONFIRM_PATH);
  const request = url.searchParams.get('request') ?? '';
  const expires = url.searchParams.get('expires') ?? '';
  const signature = url.searchParams.get('signature') ?? '';
  if (!address || !isSubmissionId(request) || !/^\d{1,12}$/.test(expires) || !signature)
    return { ok: false, status: 400 };
  if (!sameSignature(signature, sign(secret, 'alert-confirm', address, request, expires)))
    return { ok: false, status: 403 };
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, status: 410 };
  return { ok: true, address, request };
}

/** Whether `url` is an unsubscribe link this site signed; compared in constant time. */
export function checkUnsubscribeLink(url: URL, secret: string): UnsubscribeLinkCheck {
  const address = addressIn(url, UNSUBSCRIBE_PATH);
  const signature = url.searchParams.get('signature') ?? '';
  if (!address || !signature) return { ok: false, status: 400 };
  if (!sameSignature(signature, sign(secret, 'alert-unsubscribe', address))) return { ok: false, status: 403 };
  return { ok: true, address };
}
