// A person's data request on the desk (partners): everything held about an
// e-mail address, its export as one zip, and its erasure once the address is
// typed again — what the staff tool's `find`, `export` and `erase --email` do,
// with the same code (submissions/read.ts, submissions/erasures.ts,
// alerts/data-request.ts). Each is audited.
import type { Store } from '@netlify/blobs';
import { strToU8, zipSync } from 'fflate';
import { alertsOf, eraseAlerts, erasureCounts, keepsNothing } from '../alerts/data-request.ts';
import { addressKey } from '../alerts/store.ts';
import type { Queryable } from '../db/database.ts';
import { documentLinkSecret } from '../documents/links.ts';
import { jsonAnswer, jsonMessage, unprocessable } from '../http/responses.ts';
import { documentFileName } from '../submissions/record-labels.ts';
import { eraseSubmissions } from '../submissions/erasures.ts';
import { submissionsFrom } from '../submissions/read.ts';
import { normaliseEmail } from '../submissions/rows.ts';
import { openFullSubmissionStore } from '../submissions/store.ts';
import { audit } from './audit.ts';
import { bodyOf, deskFunction, isEmailAddress, route, type DeskDeps, type DeskRequest } from './desk-http.ts';
import { requireStaff } from './guard.ts';

export interface DataRequestDeps extends DeskDeps {
  openFiles?: () => Pick<Store, 'get' | 'delete'>;
}

/** The address in the body, or a 422. */
function addressIn(body: Record<string, unknown>): string {
  if (typeof body.email !== 'string' || !isEmailAddress(body.email.trim()))
    throw unprocessable('Give the e-mail address.');
  return normaliseEmail(body.email);
}

/** The address key the site files `email`'s alerts under, when anyone ever consented. */
async function alertAddress(db: Queryable, email: string): Promise<string | undefined> {
  if ((await db.query('SELECT 1 FROM alert_consents LIMIT 1')).length === 0) return undefined;
  return addressKey(email, await documentLinkSecret(db));
}

async function held(call: DeskRequest, email: string) {
  const submissions = await submissionsFrom(call.db, email);
  const address = await alertAddress(call.db, email);
  const alerts = await alertsOf(call.db, email, address);
  return { submissions, alerts: keepsNothing(alerts) ? null : alerts, address };
}

const partner = (call: DeskRequest) =>
  requireStaff(call.request, { role: 'partner', deps: { db: call.db, now: () => call.now } });

export function createDataRequestsHandler(deps: DataRequestDeps = {}) {
  const openFiles = deps.openFiles ?? openFullSubmissionStore;
  return deskFunction('staff data requests', deps, [
    async (call) => {
      if (!route(call, 'POST', 'data-requests/find')) return undefined;
      const caller = await partner(call);
      if (caller instanceof Response) return caller;
      const email = addressIn(await bodyOf(call.request));
      const { submissions, alerts } = await held(call, email);
      await audit(call.db, caller, 'data-request.find', email);
      const kept = submissions.length + (alerts ? 1 : 0);
      return jsonAnswer(200, {
        message: kept === 0 ? `Nothing is held about ${email}.` : `Held about ${email}:`,
        found: [
          ...submissions.map((submission) => ({
            kind: submission.type,
            id: submission.id,
            receivedAt: submission.receivedAt.toISOString(),
          })),
          ...(alerts ? [{ kind: 'article alerts', id: 'alerts', receivedAt: alerts.consents[0]?.at ?? '' }] : []),
        ],
      });
    },
    async (call) => {
      if (!route(call, 'POST', 'data-requests/export')) return undefined;
      const caller = await partner(call);
      if (caller instanceof Response) return caller;
      const email = addressIn(await bodyOf(call.request));
      const { submissions, alerts } = await held(call, email);
      const files: Record<string, Uint8Array> = {};
      for (const submission of submissions) {
        files[`${submission.id}/record.json`] = strToU8(JSON.stringify(submission.record, null, 2));
        if (submission.record.type !== 'application') continue;
        for (const file of submission.record.files) {
          const bytes = await openFiles().get(file.key, { type: 'arrayBuffer' });
          if (bytes) files[`${submission.id}/${documentFileName(file)}`] = new Uint8Array(bytes);
        }
      }
      if (alerts) files['article-alerts.json'] = strToU8(JSON.stringify(alerts, null, 2));
      await audit(call.db, caller, 'export', email, { submissions: submissions.length });
      return new Response(zipSync(files), {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="data-request-${call.now.toISOString().slice(0, 10)}.zip"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
    async (call) => {
      if (!route(call, 'POST', 'data-requests/erase')) return undefined;
      const caller = await partner(call);
      if (caller instanceof Response) return caller;
      const body = await bodyOf(call.request);
      const email = addressIn(body);
      if (typeof body.confirm !== 'string' || normaliseEmail(body.confirm) !== email)
        throw unprocessable('Type the address again to confirm the erasure.');
      const { submissions, alerts, address } = await held(call, email);
      if (submissions.length === 0 && !alerts)
        return jsonMessage(200, `Nothing is held about ${email}: nothing erased.`);
      const erasure = await eraseSubmissions(call.db, openFiles(), submissions, {
        email,
        now: call.now,
        alerts: async (tx) => (alerts ? eraseAlerts(tx, email, address) : undefined),
      });
      // The trail of this request named the address: it goes with what it was about.
      await call.db.query(`DELETE FROM audit_events WHERE subject = $1 AND action IN ('data-request.find', 'export')`, [
        email,
      ]);
      await audit(call.db, caller, 'erase', erasure.noteId, {
        counts: erasure.counts,
        documents: erasure.documents,
        ...(alerts && { alerts: erasureCounts(alerts) }),
      });
      return jsonMessage(
        200,
        `Erased ${erasure.erased.length} submission(s) from ${email}${alerts ? ' and their article alerts' : ''}; a note of the erasure is kept, without the address.`,
      );
    },
  ]);
}
