// How article alerts name a person in their links: by the address key, an
// HMAC-SHA256 of the address (trimmed, lower case) with the site's link
// secret, so a link names nobody. The records are in the database
// (netlify/database/migrations/0006_alerts.sql): a person is found there by the
// normalised e-mail, and by this key where only a link names them. Why:
// docs/architecture.md, "Article alerts".
import { createHmac } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { documentLinkSecret } from '../documents/links.ts';
import { normaliseEmail } from '../submissions/rows.ts';

/** The secret alert links and address keys are made with: the one document links use. */
export const alertSecret = (db: Database): Promise<string> => documentLinkSecret(db);

/** The key that names `email` in links and in the records kept once the address is not. */
export const addressKey = (email: string, secret: string): string =>
  createHmac('sha256', secret)
    .update(`alert-address\n${normaliseEmail(email)}`)
    .digest('hex')
    .slice(0, 40);

export const isAddressKey = (text: string) => /^[0-9a-f]{40}$/.test(text);
