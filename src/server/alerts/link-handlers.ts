// GET and POST /api/v1/alerts/confirm/<address> and /api/v1/alerts/unsubscribe/<address>:
// the two links of article alerts (links.ts). Opening one shows a page with one
// button, since mail scanners open links; the button's POST acts. A mail
// client's one-click unsubscribe (RFC 8058) is that same POST, with the body
// `List-Unsubscribe=One-Click`: it unsubscribes at once and answers 200. Both
// are safe to repeat: a second POST says what was done and changes nothing.
import type { Language } from '../../lib/i18n/languages.ts';
import { actionPage } from '../http/action-page.ts';
import { logError, type ErrorLogger } from '../http/responses.ts';
import { documentLinkOrigin } from '../documents/links.ts';
import { categoryNames, fetchAlertCategories, type AlertCategories } from './categories.ts';
import { checkConfirmLink, checkUnsubscribeLink, CONFIRM_PATH, UNSUBSCRIBE_PATH } from './links.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { alertSecret } from './store.ts';
import { confirmSubscription, readPending, readSubscriber, unsubscribe } from './subscriptions.ts';

export interface AlertLinkDeps {
  db?: Database;
  secret?: (db: Database) => Promise<string>;
  now?: () => Date;
  log?: ErrorLogger;
  /** The categories the pages name: the list this deploy's build published. */
  categories?: () => Promise<AlertCategories>;
}

const words = {
  en: {
    notALink: ['This link cannot be used', 'This is not a link of our article alerts.'],
    invalid: ['This link cannot be used', 'This link is not valid.'],
    expired: ['This link has expired', 'Confirmation links work for 7 days. Please subscribe again on our website.'],
    gone: [
      'This link can no longer be used',
      'A newer request replaced it, or it was more than 7 days old. Please use the newest e-mail, or subscribe again.',
    ],
    confirmTitle: 'Confirm your article alerts',
    confirmLines: (names: string) => [
      `You asked to receive an e-mail each time we publish an article on: ${names}.`,
      'Nothing is subscribed until you press the button.',
    ],
    confirm: 'Confirm',
    confirmed: 'You are subscribed',
    confirmedLines: (names: string) => [
      `We will e-mail you each new article on: ${names}.`,
      'Every alert has a link to unsubscribe at once.',
    ],
    unsubscribeTitle: 'Unsubscribe from article alerts?',
    unsubscribeLines: ['We will send you no more alerts once you press the button.'],
    unsubscribe: 'Unsubscribe',
    unsubscribed: ['You are unsubscribed', 'We will send you no more article alerts.'],
    notSubscribed: ['You are not subscribed', 'This address receives no article alerts from us.'],
    failed: ['Not done', 'This could not be done just now. Please try again in a few minutes.'],
  },
  sw: {
    notALink: ['Kiungo hiki hakiwezi kutumika', 'Hiki si kiungo cha arifa zetu za makala.'],
    invalid: ['Kiungo hiki hakiwezi kutumika', 'Kiungo hiki si halali.'],
    expired: [
      'Muda wa kiungo hiki umekwisha',
      'Viungo vya kuthibitisha hufanya kazi kwa siku 7. Tafadhali jisajili tena kwenye tovuti yetu.',
    ],
    gone: [
      'Kiungo hiki hakiwezi kutumika tena',
      'Ombi jipya zaidi limekichukua nafasi, au kimepita siku 7. Tafadhali tumia barua pepe ya karibuni zaidi, au ujisajili tena.',
    ],
    confirmTitle: 'Thibitisha arifa zako za makala',
    confirmLines: (names: string) => [
      `Uliomba kupokea barua pepe kila tunapochapisha makala kuhusu: ${names}.`,
      'Hakuna usajili hadi ubonyeze kitufe.',
    ],
    confirm: 'Thibitisha',
    confirmed: 'Umesajiliwa',
    confirmedLines: (names: string) => [
      `Tutakutumia kila makala mpya kuhusu: ${names}.`,
      'Kila arifa ina kiungo cha kujiondoa papo hapo.',
    ],
    unsubscribeTitle: 'Ujiondoe kwenye arifa za makala?',
    unsubscribeLines: ['Hatutakutumia arifa zaidi ukishabonyeza kitufe.'],
    unsubscribe: 'Jiondoe',
    unsubscribed: ['Umejiondoa', 'Hatutakutumia arifa zaidi za makala.'],
    notSubscribed: ['Hujasajiliwa', 'Anwani hii haipokei arifa zozote za makala kutoka kwetu.'],
    failed: ['Haikufanyika', 'Hili halikuweza kufanyika sasa hivi. Tafadhali jaribu tena baada ya dakika chache.'],
  },
} as const;

const refusal = { 400: 'notALink', 403: 'invalid', 410: 'expired' } as const;

const tell = (status: number, [title, ...lines]: readonly string[], lang: Language) =>
  actionPage({ status, title: title!, lines, lang });

/** Answers every method but GET and POST with 405, and what throws with a page asking to try again. */
function linkEndpoint(
  what: string,
  log: ErrorLogger,
  act: (request: Request, url: URL) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'POST')
      return new Response(null, { status: 405, headers: { Allow: 'GET, POST' } });
    try {
      return await act(request, new URL(request.url));
    } catch (error) {
      log({ what, detail: error instanceof Error ? error.message : String(error) });
      return tell(500, words.en.failed, 'en');
    }
  };
}

function createConfirmHandler(deps: AlertLinkDeps = {}) {
  const openDb = () => deps.db ?? openDatabase();
  const secret = deps.secret ?? alertSecret;
  const log = deps.log ?? logError;
  // A confirmation never fails for want of the list: without it, categories are named by their slugs.
  const known = () =>
    (deps.categories ?? (() => fetchAlertCategories(documentLinkOrigin())))().catch(
      (error: unknown): AlertCategories => {
        log({ level: 'warn', what: 'alert link: the build’s category list could not be read', detail: String(error) });
        return new Map();
      },
    );
  const names = async (slugs: readonly string[], lang: Language) => categoryNames(slugs, lang, await known());
  return linkEndpoint('confirm an article alert subscription', log, async (request, url) => {
    const now = deps.now?.() ?? new Date();
    const db = openDb();
    const link = checkConfirmLink(url, await secret(db), now);
    if (!link.ok) return tell(link.status, words.en[refusal[link.status]], 'en');
    const pending = await readPending(db, link.address);
    if (request.method === 'GET') {
      if (pending?.request !== link.request) {
        const subscriber = await readSubscriber(db, link.address);
        if (subscriber?.request !== link.request) return tell(410, words.en.gone, 'en');
        const said = words[subscriber.lang];
        return tell(
          200,
          [said.confirmed, ...said.confirmedLines(await names(subscriber.categories, subscriber.lang))],
          subscriber.lang,
        );
      }
      const said = words[pending.lang];
      return actionPage({
        status: 200,
        title: said.confirmTitle,
        lines: said.confirmLines(await names(pending.categories, pending.lang)),
        button: said.confirm,
        lang: pending.lang,
      });
    }
    const confirmed = await confirmSubscription(db, link.address, link.request, now);
    if (confirmed.state === 'gone') return tell(410, words.en.gone, 'en');
    const { lang, categories } = confirmed.subscriber;
    return tell(200, [words[lang].confirmed, ...words[lang].confirmedLines(await names(categories, lang))], lang);
  });
}

function createUnsubscribeHandler(deps: AlertLinkDeps = {}) {
  const openDb = () => deps.db ?? openDatabase();
  const secret = deps.secret ?? alertSecret;
  const log = deps.log ?? logError;
  return linkEndpoint('unsubscribe from article alerts', log, async (request, url) => {
    const db = openDb();
    const link = checkUnsubscribeLink(url, await secret(db));
    if (!link.ok) return tell(link.status, words.en[refusal[link.status]], 'en');
    if (request.method === 'GET') {
      const subscriber = await readSubscriber(db, link.address);
      if (!subscriber) return tell(200, words.en.notSubscribed, 'en');
      const said = words[subscriber.lang];
      return actionPage({
        status: 200,
        title: said.unsubscribeTitle,
        lines: said.unsubscribeLines,
        button: said.unsubscribe,
        fields: { 'List-Unsubscribe': 'One-Click' },
        lang: subscriber.lang,
      });
    }
    const gone = await unsubscribe(db, link.address, deps.now?.() ?? new Date());
    return gone ? tell(200, words[gone.lang].unsubscribed, gone.lang) : tell(200, words.en.notSubscribed, 'en');
  });
}

/** Both links' function: the path says which (links.ts); any other is not a link of ours. */
export function createAlertLinkHandler(deps: AlertLinkDeps = {}) {
  const confirm = createConfirmHandler(deps);
  const unsubscribeHere = createUnsubscribeHandler(deps);
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith(`${CONFIRM_PATH}/`)) return confirm(request);
    if (pathname.startsWith(`${UNSUBSCRIBE_PATH}/`)) return unsubscribeHere(request);
    return tell(404, words.en.notALink, 'en');
  };
}
