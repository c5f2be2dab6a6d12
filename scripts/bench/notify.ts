// Stage "notify": the notify-pending function's delivery runs over a backlog of
// 1,000 contact messages whose notification failed, in-process against a test
// database (the embedded Postgres, tests/support/database.ts) and a local SMTP
// server (one connection per message, as in production). Each run has the
// function's own time limit (RUN_BUDGET_MS); runs follow one another, as the
// schedule would 10 minutes apart, until nothing is left. Then the same backlog
// with the mail server refusing connections (one run: how soon it stops trying).
import { createServer } from 'node:net';
import { deliverPending, RUN_BUDGET_MS, type DeliveryReport } from '../../src/server/notify/delivery.ts';
import { createSmtpMailer } from '../../src/server/notify/mail.ts';
import type { NotificationSettings } from '../../src/server/notify/settings.ts';
import { startTestDatabase } from '../../tests/support/database.ts';
import type { Database } from '../../src/server/db/database.ts';
import { startCountingSmtp } from './counting-smtp.ts';
import { failedAttempts, storeContact } from '../lib/stored-submissions.ts';

const PENDING = 1_000;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const MAX_RUNS = 20;

interface RunFigures {
  scenario: string;
  run: number;
  elapsedMs: number;
  due: number;
  sent: number;
  failed: number;
  notTried: number;
  stoppedBecause: DeliveryReport['stoppedBecause'];
}

export interface NotifyResult {
  pending: number;
  budgetMs: number;
  runs: RunFigures[];
  /** Messages the SMTP server received in the delivery scenario: equal to `pending` when none was sent twice. */
  received: number;
}

/** An SMTP address where nothing listens: every connection is refused at once. */
async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

function settingsFor(url: string): NotificationSettings {
  return {
    mailer: createSmtpMailer(url),
    from: 'MNO Advocates website <website@mnoadvocates.test>',
    recipients: {
      contact: ['enquiries@mnoadvocates.test'],
      consultation: ['consultations@mnoadvocates.test'],
      application: ['recruitment@mnoadvocates.test'],
    },
    acknowledgeApplicants: false,
    siteUrl: 'https://www.mnoadvocates.test',
    documentLinks: async () => ({ secret: 'bench', origin: 'https://www.mnoadvocates.test', days: 14 }),
  };
}

/** PENDING contact messages received over the last few hours, each with one failed attempt. */
async function storeBacklog(db: Database, empty: () => Promise<unknown>, now: Date) {
  await empty();
  let next = 0;
  const worker = async () => {
    while (next < PENDING) {
      const receivedAt = new Date(now.getTime() - 5 * HOUR + next++ * 10_000);
      await storeContact(db, { receivedAt, notified: failedAttempts(1, receivedAt) });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

const figures = (scenario: string, run: number, report: DeliveryReport): RunFigures => ({
  scenario,
  run,
  elapsedMs: report.elapsedMs,
  due: report.due,
  sent: report.delivered.length,
  failed: report.failed.length,
  notTried: report.notTried,
  stoppedBecause: report.stoppedBecause,
});

export async function benchNotify(): Promise<NotifyResult> {
  const database = await startTestDatabase(60_000);
  const { db } = database;
  const smtp = await startCountingSmtp();
  const runs: RunFigures[] = [];
  try {
    const now = new Date();
    // Runs come 10 minutes apart; the clock moves on so the schedule sees them so.
    const at = (run: number) => () => new Date(now.getTime() + run * 10 * MINUTE);

    await storeBacklog(db, database.empty, now);
    const accepting = settingsFor(smtp.url);
    let pending = PENDING;
    for (let run = 1; pending > 0 && run <= MAX_RUNS; run++) {
      const report = await deliverPending(db, accepting, { now: at(run) });
      runs.push(figures('mail server accepting', run, report));
      pending = report.pending.length;
    }
    const received = smtp.received();

    await storeBacklog(db, database.empty, now);
    const refusing = settingsFor(await refusedUrl());
    runs.push(figures('mail server down', 1, await deliverPending(db, refusing, { now: at(1) })));
    return { pending: PENDING, budgetMs: RUN_BUDGET_MS, runs, received };
  } finally {
    await smtp.stop();
    await database.stop();
  }
}
