// `npm run submissions -- invite --email <address> --role partner|staff`: an
// invitation to the staff desk — for the first partner, who then invites the
// others from the desk. Prints the invitation's link on a line of its own and
// e-mails it where mail is configured. The link is signed with the site's link
// secret, works once, for 24 hours, and starts at the desk's origin: the
// running `npm start`'s (http://localhost:<port>), else SITE_URL's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { env } from '../../src/env.ts';
import { audit } from '../../src/server/desk/audit.ts';
import { sendInvitation } from '../../src/server/desk/invitation-mail.ts';
import { createInvitation } from '../../src/server/desk/invitations.ts';
import { relyingParty } from '../../src/server/desk/relying-party.ts';
import { normaliseEmail } from '../../src/server/submissions/rows.ts';
import { noArgs, parseEmail } from './arguments.ts';
import { alertSecret } from './acting-settings.ts';
import { UsageError, type CommandContext } from './command.ts';

/** The site the invitation is for: the running local server's, else SITE_URL (or Netlify's URL). */
function siteUrl(root: string): string {
  const file = join(root, '.netlify', 'site-url');
  const served = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return !process.env.NETLIFY_DB_URL && served ? served : env.siteUrl;
}

export async function inviteCommand(context: CommandContext): Promise<number> {
  const { values, args, now, db, deps } = context;
  noArgs(args, 'invite');
  const email = normaliseEmail(parseEmail(values.email, 'invite'));
  const role = values.role;
  if (role !== 'partner' && role !== 'staff') throw new UsageError('"invite" needs --role partner or --role staff');
  const secret = await alertSecret(context, 'sign the invitation as the site does');
  const { origin } = relyingParty(siteUrl(context.root));
  const invitation = await createInvitation(db, { email, role, createdBy: null }, { secret, origin, now });
  await audit(db, null, 'invite', email, { role, invitation: invitation.id, by: 'the staff tool' });
  const { mailer, from } = deps.notificationSettings();
  const mailed = await sendInvitation(email, invitation.url, { mailer, from });
  deps.io.stdout(`${email} is invited as ${role}. The link works once, until ${invitation.expiresAt.toISOString()}:`);
  deps.io.stdout(invitation.url);
  deps.io.stdout(
    mailed ? 'It was e-mailed to them too.' : 'Send it to them: no e-mail was sent (SMTP_URL is not set).',
  );
  return 0;
}
