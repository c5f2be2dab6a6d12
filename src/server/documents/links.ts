// Signed links to an application's documents, so the staff who receive the
// notification open a CV or certificate in one click, with no login and no
// developer. A link names the submission, the document and when it expires,
// and carries an HMAC-SHA256 of the three made with a secret only the site
// knows: it cannot be altered, guessed or extended. The function that serves
// it is handler.ts.
//
//   https://www.example.co.ke/api/v1/documents/<id>/<field>?expires=<unix seconds>&signature=<base64url>
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../../env.ts';
import { applicationFileFields, isFileField, type ApplicationFileField } from '../../forms/application/application.ts';
import { DAY_MS } from '../../lib/nairobi-time.ts';
import type { Queryable } from '../db/database.ts';
import { isSubmissionId } from '../submissions/ids.ts';

const DOCUMENTS_PATH = '/api/v1/documents';

/** The row of `settings` that keeps the secret made when DOCUMENT_LINK_SECRET is unset. */
export const GENERATED_SECRET_SETTING = 'document-link-secret';

export interface DocumentLinkSettings {
  secret: string;
  /** The site's public origin, e.g. https://www.mnoadvocates.co.ke */
  origin: string;
  /** How long a link works. */
  days: number;
}

export interface DocumentLinks {
  urls: Record<ApplicationFileField, string>;
  expiresAt: Date;
}

/** The signature of one document link: HMAC-SHA256 over id, document and expiry, base64url. */
export function signDocumentLink(
  secret: string,
  submissionId: string,
  field: ApplicationFileField,
  expires: number,
): string {
  return createHmac('sha256', secret).update(`${submissionId}\n${field}\n${expires}`).digest('base64url');
}

/** Fresh links to each of an application's documents, working for `settings.days` from `now`. */
export function documentLinks(
  submissionId: string,
  settings: DocumentLinkSettings,
  now: Date = new Date(),
): DocumentLinks {
  const expiresAt = new Date(now.getTime() + settings.days * DAY_MS);
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const urls = {} as Record<ApplicationFileField, string>;
  for (const field of applicationFileFields) {
    const url = new URL(`${DOCUMENTS_PATH}/${submissionId}/${field}`, settings.origin);
    url.searchParams.set('expires', String(expires));
    url.searchParams.set('signature', signDocumentLink(settings.secret, submissionId, field, expires));
    urls[field] = url.href;
  }
  return { urls, expiresAt };
}

export type LinkCheck =
  | { ok: true; submissionId: string; field: ApplicationFileField }
  | { ok: false; status: 400 | 403 | 404 | 410; message: string };

const PATH = new RegExp(`^${DOCUMENTS_PATH}/([^/]+)/([^/]+)/?$`);

/**
 * Whether `url` is a link this site signed and that has not expired. The
 * signature is compared in constant time; a wrong one says nothing of why.
 */
export function checkDocumentLink(url: URL, secret: string, now: Date = new Date()): LinkCheck {
  const [, submissionId = '', field = ''] = PATH.exec(url.pathname) ?? [];
  const expires = url.searchParams.get('expires') ?? '';
  const signature = url.searchParams.get('signature') ?? '';
  if (!isSubmissionId(submissionId) || !isFileField(field) || !/^\d{1,12}$/.test(expires) || !signature) {
    return { ok: false, status: 400, message: 'This is not a document link.' };
  }
  const expected = Buffer.from(signDocumentLink(secret, submissionId, field, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 403, message: 'This document link is not valid.' };
  }
  if (Number(expires) * 1000 <= now.getTime()) {
    return { ok: false, status: 410, message: 'This document link has expired.' };
  }
  return { ok: true, submissionId, field };
}

/**
 * The signing secret: DOCUMENT_LINK_SECRET, else one made at random the first
 * time it is needed and kept as a row of `settings`, so every function
 * instance and the submissions tool sign alike. Of two instances making one at
 * once, the first insert wins and both read it back.
 */
export async function documentLinkSecret(
  db: Queryable,
  configured: string | undefined = env.documentLinkSecret,
): Promise<string> {
  if (configured) return configured;
  await db.query(`INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    GENERATED_SECRET_SETTING,
    JSON.stringify(randomBytes(32).toString('base64url')),
  ]);
  const [kept] = await db.query<{ value: unknown }>(`SELECT value FROM settings WHERE name = $1`, [
    GENERATED_SECRET_SETTING,
  ]);
  if (typeof kept?.value !== 'string' || !kept.value) throw new Error('The document link secret could not be stored');
  return kept.value;
}

/** Where links start: the site's public origin; a preview's own, whose functions read the preview's database. */
export const documentLinkOrigin = () => (env.isPreviewDeploy ? env.deployUrl : env.siteUrl);

/** The settings for signing links from the environment, with the secret from `db` when none is configured. */
export async function documentLinkSettings(db: Queryable): Promise<DocumentLinkSettings> {
  return { secret: await documentLinkSecret(db), origin: documentLinkOrigin(), days: env.documentLinkDays };
}

/**
 * A short check value of a secret (HMAC-SHA256 of a fixed text, keyed with
 * it): enough to tell whether two machines hold the same secret, without
 * writing the secret anywhere it is not already. It is as strong as the secret
 * against guessing, and only those who can read the database see it.
 */
export const secretFingerprint = (secret: string) =>
  createHmac('sha256', secret).update('document-link-secret fingerprint').digest('base64url').slice(0, 22);
