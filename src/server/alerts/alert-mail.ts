// The two e-mails a reader receives, in the language they subscribed in: the
// confirmation request, and an alert for each new article in their
// categories. They go to an address a stranger typed, so they carry only the
// firm's words, the article's details from the site, and signed links — never
// anything else from the request. An alert carries RFC 8058's headers, so mail
// providers show their own unsubscribe button.
import { formatArticleDate } from '../../lib/articles/format.ts';
import { articlePath } from '../../lib/articles/pages.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { isTranslatedPage, pathInLanguage } from '../../lib/i18n/paths.ts';
import { formatNairobiDate } from '../../lib/nairobi-time.ts';
import { site } from '../../site.config.ts';
import type { OutgoingMail } from '../notify/mail.ts';
import { categoryNames, type AlertCategories } from './categories.ts';
import type { LiveArticle } from './live-article.ts';

const signOff = [site.name, site.phones.local];

export function confirmationMail(
  to: { email: string; lang: Language; categories: readonly string[] },
  { from, link, expiresAt, categories }: { from: string; link: string; expiresAt: Date; categories: AlertCategories },
): OutgoingMail {
  const names = categoryNames(to.categories, to.lang, categories);
  const until = formatNairobiDate(expiresAt);
  const text =
    to.lang === 'sw'
      ? [
          'Habari,',
          '',
          `Mtu — tunatumaini ni wewe — ameomba kupokea barua pepe kutoka kwa ${site.name} kila tunapochapisha makala mpya kuhusu: ${names}.`,
          '',
          `Ili kuthibitisha, fungua kiungo hiki kisha ubonyeze "Thibitisha" (kinafanya kazi kwa siku 7, hadi ${until}):`,
          link,
          '',
          'Ikiwa si wewe, puuza barua pepe hii: hutatumiwa chochote, na tutasahau ombi hili baada ya siku 7.',
          '',
          ...signOff,
        ]
      : [
          'Hello,',
          '',
          `Someone — we hope you — asked to receive an e-mail from ${site.name} each time we publish an article on: ${names}.`,
          '',
          `To confirm, open this link and press "Confirm" (it works for 7 days, until ${until}):`,
          link,
          '',
          'If it was not you, ignore this e-mail: nothing will be sent to you, and we forget this request after 7 days.',
          '',
          ...signOff,
        ];
  return {
    from,
    to: [to.email],
    subject:
      to.lang === 'sw'
        ? `Thibitisha arifa za makala kutoka kwa ${site.name}`
        : `Confirm your article alerts from ${site.name}`,
    text: text.join('\n'),
  };
}

/** The article's address for a reader of `lang`, and whether it is in English only. */
function articleLink(article: LiveArticle, lang: Language, siteUrl: string) {
  const path = articlePath(article.slug);
  const inEnglishOnly = lang !== 'en' && !isTranslatedPage(path);
  return { url: new URL(inEnglishOnly ? path : pathInLanguage(path, lang), siteUrl).href, inEnglishOnly };
}

export function alertMail(
  to: { email: string; lang: Language; categories: readonly string[] },
  article: LiveArticle,
  {
    from,
    siteUrl,
    unsubscribe,
    categories,
  }: { from: string; siteUrl: string; unsubscribe: string; categories: AlertCategories },
): OutgoingMail {
  const { lang } = to;
  const { url, inEnglishOnly } = articleLink(article, lang, siteUrl);
  const category = categoryNames([article.category], lang, categories);
  const dated = article.date ? formatArticleDate({ date: article.date, updatedAt: '' }, lang) : '';
  const byline = [dated, article.author].filter(Boolean).join(' · ');
  const about = [article.title, ...(byline ? [byline] : []), '', ...(article.summary ? [article.summary, ''] : [])];
  const text =
    lang === 'sw'
      ? [
          `Makala mpya kuhusu ${category}, nyanja unayoifuatilia${inEnglishOnly ? ' (makala hii iko kwa Kiingereza)' : ''}:`,
          '',
          ...about,
          `Isome: ${url}`,
          '',
          '—',
          `Unapokea barua pepe hii kwa sababu ulijisajili kupokea arifa za makala kutoka kwa ${site.name} kuhusu: ${categoryNames(to.categories, lang, categories)}.`,
          `Jiondoe papo hapo: ${unsubscribe}`,
        ]
      : [
          `A new article on ${category}, which you follow:`,
          '',
          ...about,
          `Read it: ${url}`,
          '',
          '—',
          `You receive this because you subscribed to article alerts from ${site.name} on: ${categoryNames(to.categories, lang, categories)}.`,
          `Unsubscribe at once: ${unsubscribe}`,
        ];
  return {
    from,
    to: [to.email],
    subject: `${lang === 'sw' ? 'Makala mpya' : 'New article'}: ${article.title}`,
    text: text.join('\n'),
    listUnsubscribe: unsubscribe,
  };
}
