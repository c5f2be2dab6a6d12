// Stage "alerts": send-alerts runs over one article for 5,000 confirmed
// subscribers of its category, in-process against a test database (the
// embedded Postgres of tests/support/database.ts) and a local SMTP server (one connection per message, as in production).
// Each run has the function's own time limit (RUN_BUDGET_MS); runs follow one
// another, as the schedule would, until the article is sent. The baseline, in
// the same stage: a run with the same article and no subscriber.
import { createSmtpMailer } from '../../src/server/notify/mail.ts';
import { RUN_BUDGET_MS } from '../../src/server/notify/delivery.ts';
import { articleJsonLd } from '../../src/lib/articles/pages.ts';
import { alertCategoriesOf } from '../../src/server/alerts/categories.ts';
import { queueAlert } from '../../src/server/alerts/queue.ts';
import { sendAlerts, type AlertRunReport } from '../../src/server/alerts/send-run.ts';
import { addressKey } from '../../src/server/alerts/store.ts';
import type { Queryable } from '../../src/server/db/database.ts';
import { startTestDatabase } from '../../tests/support/database.ts';
import { startCountingSmtp } from './counting-smtp.ts';

const SUBSCRIBERS = 5_000;
const MAX_RUNS = 40;
const SECRET = 'bench-alert-secret';
const SITE = 'https://www.mnoadvocates.test';
const CATEGORY = 'land-and-conveyancing';

interface RunFigures {
  scenario: string;
  run: number;
  elapsedMs: number;
  sent: number;
  stoppedBecause: AlertRunReport['stoppedBecause'];
  state: string;
}

export interface AlertsResult {
  subscribers: number;
  budgetMs: number;
  runs: RunFigures[];
  received: number;
  /** Addresses that received the article more than once: 0 when none was sent twice. */
  twice: number;
}

const article = {
  id: 'bench-article',
  slug: 'bench-article',
  title: 'What the Finance Act changes for landowners',
  summary: 'Stamp duty, capital gains and rates after the Act.',
  category: 'Land_and_Conveyancing',
  date: '2026-11-20',
  readingMinutes: 5,
  author: { name: 'Wanjiru Muthoni', image: null },
  image: null,
  html: '',
  createdAt: '2026-11-20T08:00:00Z',
  updatedAt: '2026-11-20T08:00:00Z',
};

const page = `<!doctype html><script type="application/ld+json">${JSON.stringify(articleJsonLd(article, SITE))}</script>`;
const fetchPage = async () => new Response(page, { headers: { 'content-type': 'text/html' } });

/** `count` confirmed subscribers of CATEGORY, with their memberships, as confirming would store them. */
async function storeSubscribers(db: Queryable, count: number) {
  const emails = Array.from({ length: count }, (_, n) => `reader${n}@example.com`);
  const keys = emails.map((email) => addressKey(email, SECRET));
  const langs = emails.map((_, n) => ((n + 1) % 3 === 0 ? 'sw' : 'en'));
  await db.query(
    `INSERT INTO alert_subscribers (address_key, email, email_normalised, lang, confirmed_at, request, notice_version)
     SELECT key, email, email, lang, now(), '01KBENCH0000000000000000000', '2026-11-27'
     FROM unnest($1::text[], $2::text[], $3::text[]) AS s (key, email, lang)`,
    [keys, emails, langs],
  );
  await db.query(`INSERT INTO alert_memberships (subscriber, category) SELECT unnest($1::text[]), $2`, [
    keys,
    CATEGORY,
  ]);
}

export async function benchAlerts(): Promise<AlertsResult> {
  const database = await startTestDatabase(60_000);
  const { db } = database;
  const smtp = await startCountingSmtp();
  const settings = {
    mailer: createSmtpMailer(smtp.url),
    from: 'MNO Advocates <website@mnoadvocates.test>',
    siteUrl: SITE,
    categories: alertCategoriesOf(['Land_and_Conveyancing']),
  };
  const runs: RunFigures[] = [];
  const runUntilSent = async (scenario: string) => {
    for (let run = 1; run <= MAX_RUNS; run++) {
      const started = performance.now();
      const report = await sendAlerts(db, SECRET, settings, { fetchPage });
      const outcome = report.articles[0];
      runs.push({
        scenario,
        run,
        elapsedMs: Math.round(performance.now() - started),
        sent: outcome?.sent ?? 0,
        stoppedBecause: report.stoppedBecause,
        state: outcome?.state ?? 'none due',
      });
      if (!outcome || outcome.state === 'sent') return;
    }
  };
  try {
    await queueAlert(db, { id: 'baseline', slug: article.slug }, new Date());
    await runUntilSent('baseline: no subscriber');
    await database.empty();
    await storeSubscribers(db, SUBSCRIBERS);
    await queueAlert(db, { id: article.id, slug: article.slug }, new Date());
    await runUntilSent(`${SUBSCRIBERS.toLocaleString('en')} subscribers`);
    await runUntilSent('sent already: next run');
    return { subscribers: SUBSCRIBERS, budgetMs: RUN_BUDGET_MS, runs, received: smtp.received(), twice: smtp.twice() };
  } finally {
    await smtp.stop();
    await database.stop();
  }
}
