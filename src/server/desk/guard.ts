// Every call to the desk's functions passes here first: a live session (401),
// a state-changing call only from the desk's own pages (403 for another
// Origin), and the role the call needs (403). Enforced by the functions, not
// only hidden in the page.
import { env } from '../../env.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { jsonMessage } from '../http/responses.ts';
import { relyingParty } from './relying-party.ts';
import { liveSession, sessionToken, type StaffRole } from './sessions.ts';

export interface StaffCaller {
  personId: string;
  email: string;
  role: StaffRole;
  sessionId: string;
}

export interface GuardDeps {
  db?: Database;
  now?: () => Date;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The origins the desk's pages are served from: the relying party's, and SITE_URL's own. */
function deskOrigins(): Set<string> {
  return new Set([relyingParty().origin, new URL(env.siteUrl).origin]);
}

/** Whether a state-changing call comes from the desk's own pages: its Origin must be one of them. */
export function isFromTheDesk(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get('origin');
  return origin !== null && deskOrigins().has(origin);
}

export const deskOff = () => jsonMessage(403, 'The staff desk is off on deploy previews: it signs nobody in.');
const notSignedIn = () => jsonMessage(401, 'Sign in to the staff desk first.');
export const notFromTheDesk = () => jsonMessage(403, 'Changes are only accepted from the staff desk’s own pages.');
/** Whether requireStaff gave a caller rather than its refusal. */
export const isCaller = (value: StaffCaller | Response): value is StaffCaller => !(value instanceof Response);

const partnersOnly = () => jsonMessage(403, 'Only a partner can do that.');

/**
 * The caller, or the Response to answer with: 401 without a live session, 403
 * for another Origin on anything but GET/HEAD or for a role it lacks.
 */
export async function requireStaff(
  request: Request,
  options: { role?: 'partner'; deps?: GuardDeps } = {},
): Promise<StaffCaller | Response> {
  if (env.isPreviewDeploy) return deskOff();
  if (!isFromTheDesk(request)) return notFromTheDesk();
  const token = sessionToken(request);
  if (!token) return notSignedIn();
  const db = options.deps?.db ?? openDatabase();
  const session = await liveSession(db, token, options.deps?.now?.() ?? new Date());
  if (!session) return notSignedIn();
  if (options.role === 'partner' && session.role !== 'partner') return partnersOnly();
  return { personId: session.personId, email: session.email, role: session.role, sessionId: session.tokenHash };
}
