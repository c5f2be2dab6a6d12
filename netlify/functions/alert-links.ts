// GET /api/v1/alerts/{confirm,unsubscribe}/<address> — a page with one button;
// POST — the confirmation, or the unsubscription (also RFC 8058's one-click
// POST of `List-Unsubscribe=One-Click`). Readers reach them from the alert
// e-mails' signed links. The logic lives in src/server/alerts/link-handlers.ts.
import type { Config } from '@netlify/functions';
import { createAlertLinkHandler } from '../../src/server/alerts/link-handlers.ts';

export default createAlertLinkHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: '/api/v1/alerts/:action/:address',
  method: ['GET', 'POST'],
};
