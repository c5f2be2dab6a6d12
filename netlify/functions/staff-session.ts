// The staff desk's sign-in, passkeys and session (/api/v1/staff/sign-in/…,
// /passkeys/…, /sign-out, /me). The logic lives in src/server/desk/sign-in-handler.ts.
import type { Config } from '@netlify/functions';
import { createSignInHandler } from '../../src/server/desk/sign-in-handler.ts';

export default createSignInHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: ['/api/v1/staff/sign-in/*', '/api/v1/staff/passkeys/*', '/api/v1/staff/sign-out', '/api/v1/staff/me'],
};
