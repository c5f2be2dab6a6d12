// A short page a signed link opens: a heading, a few lines and at most one
// button, whose form POSTs back to the very link. Mail scanners open links, so
// opening one never acts; only the button does. Used by the staff's answer to a
// booking (bookings/answer-handler.ts) and a reader's article alerts
// (alerts/link-handlers.ts). Everything shown is escaped; no script, no frame.
import type { Language } from '../../lib/i18n/languages.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export interface ActionPage {
  status: number;
  title: string;
  lines: readonly string[];
  /** The button's words; without, the page only tells. */
  button?: string;
  /** Fields the button's form sends, e.g. RFC 8058's `List-Unsubscribe=One-Click`. */
  fields?: Readonly<Record<string, string>>;
  lang?: Language;
}

export function actionPage({ status, title, lines, button, fields = {}, lang = 'en' }: ActionPage): Response {
  const hidden = Object.entries(fields).map(
    ([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`,
  );
  const body = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(title)}</title>`,
    '<style>body{font:1.05rem/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1f2933}',
    'h1{font-size:1.4rem;line-height:1.3}',
    'button{font:inherit;padding:.7rem 1.4rem;border:0;border-radius:.4rem;background:#1f3a5f;color:#fff;cursor:pointer}</style>',
    `</head><body><main><h1>${escape(title)}</h1>`,
    ...lines.map((line) => `<p>${escape(line)}</p>`),
    button ? `<form method="post">${hidden.join('')}<button type="submit">${escape(button)}</button></form>` : '',
    '</main></body></html>',
  ].join('\n');
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'X-Frame-Options': 'DENY',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}
