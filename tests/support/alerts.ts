// Article alerts in-process, for the unit tests: the subscribe, link and
// send-alerts handlers on one test database and one test SMTP server, a
// live site that answers an article page as the build writes it (its
// schema.org Article from articleJsonLd), and the steps a reader takes —
// subscribe, open the confirmation e-mail's link, press Confirm.
import { jsonRequest } from '../../scripts/lib/sample-requests.ts';
import type { Article } from '../../src/lib/articles/entry-schema.ts';
import { articleJsonLd } from '../../src/lib/articles/pages.ts';
import { alertCategoriesOf } from '../../src/server/alerts/categories.ts';
import { createAlertLinkHandler } from '../../src/server/alerts/link-handlers.ts';
import { sendAlerts, type AlertRunOptions } from '../../src/server/alerts/send-run.ts';
import { createSubscribeHandler } from '../../src/server/alerts/subscribe-handler.ts';
import type { Database } from '../../src/server/db/database.ts';
import { testNotificationSettings, TEST_SITE_URL } from './notification-settings.ts';
import type { TestSmtpServer } from './smtp.ts';

export const ALERT_SECRET = 'test-alert-secret';

/** The categories of the build the handlers serve: one of them, Maritime_Law, has no Kiswahili name. */
export const BUILT_CATEGORIES = alertCategoriesOf([
  'Employment_Law',
  'Immigration',
  'Land_and_Conveyancing',
  'Maritime_Law',
  'Tax_Law',
]);

/** An article as the build knows it; `overrides` change any part. */
export const liveArticle = (overrides: Partial<Article> = {}): Article => ({
  id: 'ckarticle1',
  slug: 'land-rates-2027',
  title: 'What the new land rates mean for you',
  summary: 'Nairobi’s valuation roll changes what owners pay from January.',
  category: 'Land_and_Conveyancing',
  date: '2026-11-20',
  readingMinutes: 4,
  author: { name: 'Wanjiru Muthoni', image: null },
  image: null,
  html: '<p>…</p>',
  createdAt: '2026-11-20T08:00:00Z',
  updatedAt: '2026-11-20T08:00:00Z',
  ...overrides,
});

/** The live site: the pages of `articles` answer 200 with their structured data; every other path 404. */
export function liveSite(articles: Article[]) {
  const asked: string[] = [];
  const fetchPage = async (url: string) => {
    asked.push(url);
    const article = articles.find((each) => new URL(url).pathname === `/insight/${each.slug}`);
    if (!article) return new Response('<!doctype html><title>Not found</title>', { status: 404 });
    const data = JSON.stringify(articleJsonLd(article, TEST_SITE_URL));
    return new Response(`<!doctype html><head><script type="application/ld+json">${data}</script></head>`, {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  };
  return { asked, fetchPage, articles };
}

export function alertsWorld(db: Database, smtp: TestSmtpServer, { now = () => new Date() } = {}) {
  const settings = () => testNotificationSettings(smtp.url);
  const secret = async () => ALERT_SECRET;
  const quiet = () => {};
  const categories = async () => BUILT_CATEGORIES;
  const subscribeHandler = createSubscribeHandler({
    db,
    secret,
    settings,
    now,
    log: quiet,
    categories,
  });
  const links = createAlertLinkHandler({ db, secret, now, log: quiet, categories });
  return {
    db,
    links,
    subscribe: (body: unknown) => subscribeHandler(jsonRequest('/api/v1/client/subscribe', body)),
    /** The confirmation link of the newest confirmation e-mail to `email`. */
    confirmationLink(email: string): string {
      const mine = (to: string) => to.toLowerCase() === email.toLowerCase();
      const mail = smtp.messages.filter((each) => each.envelope.to.some(mine)).at(-1);
      const link = mail?.text.match(/https:\/\/\S+\/api\/v1\/alerts\/confirm\/\S+/)?.[0];
      if (!link) throw new Error(`no confirmation e-mail to ${email}`);
      return link;
    },
    /** Subscribes `email` and presses Confirm on its link's page. */
    async subscribed(email: string, categories: string[], lang: 'en' | 'sw' = 'en') {
      const before = smtp.messages.length;
      const answer = await this.subscribe({ email, categories, consent: true, lang });
      if (answer.status !== 202) throw new Error(`subscribe answered ${answer.status}`);
      await smtp.waitFor(before + 1);
      const confirmed = await links(new Request(this.confirmationLink(email), { method: 'POST' }));
      if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
    },
    run: async (site: ReturnType<typeof liveSite>, options: AlertRunOptions = {}) =>
      sendAlerts(
        db,
        ALERT_SECRET,
        { ...settings(), categories: BUILT_CATEGORIES },
        { now, fetchPage: site.fetchPage, ...options },
      ),
  };
}
