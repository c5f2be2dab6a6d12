// A submission made while the mail server refuses mail reaches the firm once
// mail works again, with no command typed: served as `npm start` serves the
// site (scripts/serve.ts: the real functions, the embedded database) with a
// real SMTP server, the notify-pending function run as Netlify's CLI runs a
// scheduled function locally (a POST to /.netlify/functions/notify-pending),
// `npm run submissions -- status` read before and after, and the row itself.
//
// The project is served from a temporary folder (the functions, the site's
// source and node_modules linked in), so its database holds this test's
// submission and nothing else.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validContact } from '../../scripts/lib/sample-requests.ts';
import { startServe, type RunningServer } from '../../scripts/lib/serve-process.ts';
import { servedDatabase } from '../support/database.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.ts';
import { functionsOnlyProject } from '../support/functions-only-project.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const TIMEOUT = 180_000;
const run = promisify(execFile);

interface Status {
  pending: number;
  oldest: { id: string; attempts: number; lastError: string | null } | null;
  lastDelivery: { id: string; at: string } | null;
}

describe(
  'a notification that failed is delivered by the scheduled function once mail works',
  { timeout: TIMEOUT },
  () => {
    let root: string;
    let smtp: TestSmtpServer | undefined;
    let server: RunningServer | undefined;

    /** `npm run submissions -- status --json` on the served project's local store. */
    async function status(): Promise<Status> {
      const { stdout } = await run(
        process.execPath,
        [join(projectRoot, 'scripts/submissions.ts'), 'status', '--json', '--local', '--root', root],
        { cwd: projectRoot, env: { ...process.env, NETLIFY_SITE_ID: '', NETLIFY_AUTH_TOKEN: '' } },
      );
      return JSON.parse(stdout) as Status;
    }

    beforeAll(async () => {
      root = await functionsOnlyProject('notify-pending-');
      // The mail server is up but refuses every message (550), as one that has suspended the account would.
      smtp = await startSmtpServer({ refuseRecipients: true });
      server = await startServe(root, { SMTP_URL: smtp.url, NOTIFY_CONTACT_TO: 'enquiries@mnoadvocates.test' });
    }, TIMEOUT);
    afterAll(async () => {
      await server?.stop();
      await smtp?.stop();
      if (root) await rm(root, { recursive: true, force: true });
    });

    it('is pending while the mail server refuses, and delivered after the next scheduled run', async () => {
      const message = `Please call me about a lease. ${Date.now().toString(36)}`;
      const answer = await fetch(`${server!.url}/api/v1/client/contactform`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ form_data: { ...validContact(), msg: message } }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);

      const before = await status();
      expect(before.pending).toBe(1);
      expect(before.oldest).toMatchObject({ attempts: 1, lastError: expect.stringContaining('550') });
      expect(before.lastDelivery).toBeNull();
      const id = before.oldest!.id;

      // Mail works again: the same server address now accepts.
      const port = smtp!.port;
      await smtp!.stop();
      smtp = await startSmtpServer({ port });

      // What Netlify's scheduler does every 10 minutes (and `netlify dev` does when the function is called).
      const scheduled = await fetch(`${server!.url}/.netlify/functions/notify-pending`, { method: 'POST' });
      expect(scheduled.status, await scheduled.clone().text()).toBeLessThan(300);

      const [mail] = await smtp.waitFor(1, 30_000);
      expect(mail!.envelope.to).toEqual(['enquiries@mnoadvocates.test']);
      expect(mail!.text).toContain(`Reference:  ${id}`);
      expect(mail!.text).toContain(message);

      const after = await status();
      expect(after.pending).toBe(0);
      expect(after.lastDelivery).toMatchObject({ id });
      const db = servedDatabase(root);
      try {
        const [row] = await db.query<{ notified: Record<string, unknown> }>(
          `SELECT notified FROM submissions WHERE id = $1`,
          [id],
        );
        expect(row!.notified).toMatchObject({ at: after.lastDelivery!.at, attempts: 2, lastError: null });
      } finally {
        await db.close();
      }

      // Another run finds nothing to send.
      expect((await fetch(`${server!.url}/.netlify/functions/notify-pending`, { method: 'POST' })).status).toBeLessThan(
        300,
      );
      expect(smtp.messages).toHaveLength(1);
    });
  },
);
