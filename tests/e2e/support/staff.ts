// The staff desk in a browser: invitations made with the staff tool against the
// server the e2e tests run (npm run submissions -- invite), and Chromium's
// virtual WebAuthn authenticator standing in for a phone's passkeys.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { E2E_ROOT } from './e2e-server.ts';
import { E2E_LINK_SECRET } from './link-secret.ts';

const run = promisify(execFile);

/** Invites `email` as `role` with the staff tool; the invitation's link it printed on a line of its own. */
export async function inviteWithTool(email: string, role: 'partner' | 'staff'): Promise<string> {
  const { stdout } = await run(
    'node',
    ['scripts/submissions.ts', 'invite', '--email', email, '--role', role, '--root', E2E_ROOT],
    {
      // The tool signs with the site's link secret, as the server it invites to was given (serve-site.ts).
      env: { ...process.env, SMTP_URL: '', DOCUMENT_LINK_SECRET: E2E_LINK_SECRET },
    },
  );
  const link = stdout.split('\n').find((line) => /^https?:\/\/\S+$/.test(line.trim()));
  if (!link) throw new Error(`The tool printed no invitation link:\n${stdout}`);
  return link.trim();
}

/** Gives the page's browser a platform authenticator that keeps passkeys and verifies its user. */
export async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** A fresh address for one test's person. */
export const staffAddress = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@mnoadvocates.test`;

/** Signs a new partner in on `page` (invited by the tool, a passkey created); their address. */
export async function signInNewPerson(page: Page, role: 'partner' | 'staff' = 'partner'): Promise<string> {
  const email = staffAddress(role);
  const link = await inviteWithTool(email, role);
  await virtualAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  return email;
}

/** Finds the record `email` sent with the inbox's search, and opens it. */
export async function openRecordOf(page: Page, email: string): Promise<void> {
  await page.getByLabel('Search').fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
}
