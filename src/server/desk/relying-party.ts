// Who the passkeys belong to: the relying party is SITE_URL's host. WebAuthn
// refuses an IP address, so where that host is one (`npm start` answers on
// 127.0.0.1), the desk is reached at http://localhost:<port> and the relying
// party is `localhost`.
import { isIP } from 'node:net';
import { env } from '../../env.ts';
import { site } from '../../site.config.ts';

export interface RelyingParty {
  /** The WebAuthn RP ID: a host name, never an address. */
  id: string;
  /** The origin the desk's pages, its passkeys and its invitation links use. */
  origin: string;
  name: string;
}

export function relyingParty(siteUrl: string = env.siteUrl): RelyingParty {
  const url = new URL(siteUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    const port = url.port ? `:${url.port}` : '';
    return { id: 'localhost', origin: `http://localhost${port}`, name: site.name };
  }
  return { id: host, origin: url.origin, name: site.name };
}
