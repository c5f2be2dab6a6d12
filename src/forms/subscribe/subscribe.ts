// The article alerts form (issue 40; docs/operations.md, "Article alerts"):
// where it is sent (SUBSCRIBE_ENDPOINT), what the body holds —
// `{ email, categories: [<slug>…], consent: true, lang }`, and `honey`, the
// spam trap every form has — its schema, and its words in each language. The
// island (src/islands/SubscribeForm.tsx) and the subscribe function
// (src/server/alerts/subscribe-handler.ts) both validate with it, against the
// categories the build found in the articles: the island those it offers, the
// function the build's list (src/server/alerts/categories.ts).
import * as v from 'valibot';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../lib/i18n/languages.ts';
import type { Localised } from '../../lib/i18n/localised.ts';
import { emailField, honeypot, message, validateFields, type ValidationResult } from '../shared/fields.ts';

/** The subscribe function's route. */
export const SUBSCRIBE_ENDPOINT = '/api/v1/client/subscribe';

const requiredEmail: Localised = { en: 'Email input is required', sw: 'Barua pepe inahitajika' };
const chooseOne: Localised = { en: 'Choose at least one category', sw: 'Chagua angalau nyanja moja' };
const notListed: Localised = {
  en: 'Choose among the categories listed',
  sw: 'Chagua kati ya nyanja zilizoorodheshwa',
};
const consentNeeded: Localised = {
  en: 'Tick the box to agree to receive the alerts',
  sw: 'Weka alama kwenye kisanduku kukubali kupokea arifa',
};

const oneOfTheLanguages: Localised = {
  en: `The language must be one of: ${LANGUAGES.join(', ')}`,
  sw: `Lugha lazima iwe mojawapo ya: ${LANGUAGES.join(', ')}`,
};

/** The request's schema when the categories one can subscribe to are `offered` (slugs, as in `/insights/category/<slug>`). */
const subscribeSchema = (offered: readonly string[]) =>
  v.object({
    email: emailField(requiredEmail),
    categories: v.pipe(
      v.nullish(v.array(v.string(message(notListed)), message(notListed)), []),
      v.maxLength(offered.length, message(notListed)),
      v.check((slugs) => slugs.every((slug) => offered.includes(slug)), message(notListed)),
      v.transform((slugs) => offered.filter((slug) => slugs.includes(slug))),
      v.minLength(1, message(chooseOne)),
    ),
    consent: v.pipe(
      v.optional(v.unknown(), false),
      v.check((value) => value === true, message(consentNeeded)),
      v.transform(() => true as const),
    ),
    lang: v.optional(v.picklist(LANGUAGES, message(oneOfTheLanguages)), DEFAULT_LANGUAGE),
    honey: honeypot.schema,
  });

/** The validated request: the categories in the order offered, each once. */
export type SubscribeRequest = v.InferOutput<ReturnType<typeof subscribeSchema>>;
export type SubscribeField = keyof ReturnType<typeof subscribeSchema>['entries'];

/** Validates a subscription request to some of the categories `offered` (slugs), with the messages in `lang`. */
export function validateSubscription(
  values: unknown,
  offered: readonly string[],
  lang: Language = DEFAULT_LANGUAGE,
): ValidationResult<SubscribeRequest, SubscribeField> {
  return validateFields(subscribeSchema(offered), values, lang);
}

/**
 * The form's words, per language. `{firm}` in `consent` is the firm's name. After `notSent` comes the
 * function's message, or `offline` when no answer came, `noAnswer` when one came without a message.
 */
export const subscribeCopy = {
  en: {
    name: 'Article alerts',
    heading: 'Get our new articles by e-mail',
    intro: 'Choose the areas you follow: we e-mail you each new article in them, and nothing else.',
    email: 'Email',
    categories: 'Send me alerts about',
    consent:
      'I agree to receive an e-mail from {firm} each time an article is published in the categories I chose. Every e-mail has a link to unsubscribe at once, and I can withdraw my consent at any time.',
    button: { idle: 'Subscribe', sending: 'Subscribing...', sent: 'Check your inbox' },
    notSent: 'You are not subscribed yet.',
    offline: 'The connection failed: check that you are online, then try again.',
    noAnswer: 'Something went wrong on our side: please try again in a few minutes.',
  },
  sw: {
    name: 'Arifa za makala',
    heading: 'Pokea makala zetu mpya kwa barua pepe',
    intro: 'Chagua nyanja unazofuatilia: tutakutumia kila makala mpya katika nyanja hizo, na si kingine.',
    email: 'Barua pepe',
    categories: 'Nitumie arifa kuhusu',
    consent:
      'Ninakubali kupokea barua pepe kutoka kwa {firm} kila makala mpya inapochapishwa katika nyanja nilizochagua. Kila barua pepe ina kiungo cha kujiondoa papo hapo, na ninaweza kuondoa idhini yangu wakati wowote.',
    button: { idle: 'Jisajili', sending: 'Inasajili...', sent: 'Angalia barua pepe yako' },
    notSent: 'Bado hujasajiliwa.',
    offline: 'Muunganisho umeshindikana: hakikisha uko mtandaoni, kisha ujaribu tena.',
    noAnswer: 'Hitilafu imetokea upande wetu: tafadhali jaribu tena baada ya dakika chache.',
  },
} as const;

/** What the function answers when a request is stored (or looks so): the same whether or not the address is known. */
export const checkYourInbox: Localised = {
  en: 'Thank you. Please check your inbox: we have sent you an e-mail with a link to confirm your subscription. Nothing is sent to you until you confirm.',
  sw: 'Asante. Tafadhali angalia sanduku lako la barua pepe: tumekutumia barua pepe yenye kiungo cha kuthibitisha usajili wako. Hutatumiwa chochote hadi uthibitishe.',
};
