// A person's article alerts in a data request (`find`, `export`, `erase
// --email`): found in the database by their e-mail, and by the address key the
// site makes with its link secret (acting-settings.ts) for the consents and
// sends kept once the address is gone; then printed for staff or written for
// the person. A database that keeps no consent is never asked for the secret.
import { interfaceText } from '../../src/content/interface-text.ts';
import type { Language } from '../../src/lib/i18n/languages.ts';
import { categoryNames as namesOf, type AlertCategories } from '../../src/server/alerts/categories.ts';
import { alertsOf, keepsNothing, type PersonsAlerts } from '../../src/server/alerts/data-request.ts';
import { addressKey } from '../../src/server/alerts/store.ts';
import { alertSecret } from './acting-settings.ts';
import type { CommandContext } from './command.ts';
import { oneLine, shortTime } from './output.ts';

/** What is kept of `email`'s alerts; null when nothing is. */
export async function alertsOfEmail(
  context: CommandContext,
  email: string,
): Promise<(PersonsAlerts & { address: string | undefined }) | null> {
  const address = await addressOf(context, email);
  const found = await alertsOf(context.db, email, address);
  return keepsNothing(found) ? null : { ...found, address };
}

/** The address key of `email`, made only when someone ever consented (else nothing is kept by key). */
async function addressOf(context: CommandContext, email: string): Promise<string | undefined> {
  if ((await context.db.query('SELECT 1 FROM alert_consents LIMIT 1')).length === 0) return undefined;
  return addressKey(email, await alertSecret(context, 'find the article alerts of an address'));
}

/** The categories' English names, as the build `known` names them (CommandContext.categories). */
const categories = (slugs: readonly string[], known: AlertCategories) =>
  slugs.map((slug) => namesOf([slug], 'en', known));
export const categoryNames = (slugs: readonly string[], known: AlertCategories) => categories(slugs, known).join(', ');
const time = (iso: string) => `${shortTime(new Date(iso))} (EAT)`;
const language = (lang: Language) => interfaceText[lang].languageName;

/** The lines `find` prints, and `erase` before it erases. */
export function describeAlerts(alerts: PersonsAlerts, known: AlertCategories): string[] {
  const { subscriber, pending, consents, memberships, sent } = alerts;
  return [
    subscriber
      ? `Article alerts: subscribed ${time(subscriber.confirmedAt)} as ${oneLine(subscriber.email)}, in ` +
        `${language(subscriber.lang)}, to ${categoryNames(subscriber.categories, known)} (privacy notice ${subscriber.noticeVersion}).`
      : 'Article alerts: not subscribed.',
    ...(pending
      ? [
          `Waiting for confirmation: asked ${time(pending.requestedAt)} as ${oneLine(pending.email)}, in ` +
            `${language(pending.lang)}, for ${categoryNames(pending.categories, known)}; the confirmation e-mail ` +
            `${pending.mail.sentAt ? `went ${time(pending.mail.sentAt)}` : `has not gone (${pending.mail.attempts} tries)`}.`,
        ]
      : []),
    ...consents.map(
      (event) =>
        `Consent ${event.event} ${time(event.at)} by the ${event.by}: ${categoryNames(event.categories, known)} ` +
        `(${language(event.lang)}, privacy notice ${event.noticeVersion}).`,
    ),
    ...(memberships.length > 0 ? [`On the lists of: ${categoryNames(memberships, known)}.`] : []),
    ...sent.map(({ slug, state, at }) => `Alert ${state === 'sent' ? 'e-mailed' : state} ${time(at)}: ${slug}.`),
  ];
}

/** The records as stored, for `find --json`: the store's keys left out. */
export const storedAlerts = ({ subscriber, pending, consents, memberships, sent }: PersonsAlerts) => ({
  subscriber,
  pending,
  consents,
  memberships,
  sent: sent.map(({ slug, state, at }) => ({ slug, state, at })),
});

/** What `export --email` writes of them (article-alerts.json): what the person would read, under plain labels. */
export function readableAlerts(
  { subscriber, pending, consents, sent }: PersonsAlerts,
  known: AlertCategories,
): Record<string, unknown> {
  return {
    Subscription: subscriber && {
      'E-mail address': subscriber.email,
      Language: language(subscriber.lang),
      Categories: categories(subscriber.categories, known),
      Confirmed: subscriber.confirmedAt,
      'Privacy notice version': subscriber.noticeVersion,
    },
    'Waiting for confirmation': pending && {
      'E-mail address': pending.email,
      Language: language(pending.lang),
      Categories: categories(pending.categories, known),
      Asked: pending.requestedAt,
      'Privacy notice version': pending.noticeVersion,
      'Confirmation e-mail sent': pending.mail.sentAt ?? null,
    },
    Consents: consents.map((event) => ({
      Consent: event.event,
      When: event.at,
      How: `by the ${event.by}`,
      Categories: categories(event.categories, known),
      Language: language(event.lang),
      'Privacy notice version': event.noticeVersion,
    })),
    'Alerts e-mailed': sent.map(({ slug, state, at }) => ({ Article: slug, State: state, When: at })),
  };
}
