// Article HTML comes from editors through the content service and is rendered
// with `set:html`, so it is cleaned at build time against an explicit allowlist.
// Anything not listed is dropped: scripts, styles, event handlers, embeds,
// forms, SVG, and URLs with schemes other than http, https, mailto and tel.
import sanitizeHtml from 'sanitize-html';
import { env } from '../../env.ts';
import { isAllowedImageUrl } from './images.ts';

export interface SanitiseOptions {
  /** Hosts images may come from (see isAllowedImageUrl); same-origin paths are always allowed. */
  assetHosts: readonly string[];
  /** The site's own origin: links elsewhere open in a new tab. */
  siteUrl: string;
}

const defaultOptions = (): SanitiseOptions => ({
  assetHosts: env.contentAssetHosts,
  siteUrl: env.siteUrl,
});

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const DIMENSION = /^\d{1,5}$/;

/** Elements whose content is dropped along with them, not kept as text. */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'textarea',
  'select',
  'option',
  'button',
  'title',
  'head',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'canvas',
  'audio',
  'video',
];

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** An absolute http(s) link to another origin than the site's. */
const isExternalLink = (href: string, siteOrigin: string | undefined): boolean => {
  if (!/^https?:/i.test(href)) return false;
  const origin = originOf(href);
  return origin !== undefined && origin !== siteOrigin;
};

/** Returns `html` reduced to the allowlisted elements and attributes. */
export function sanitiseArticleHtml(html: string, options: SanitiseOptions = defaultOptions()): string {
  const siteOrigin = originOf(options.siteUrl);
  return sanitizeHtml(html, {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'p',
      'br',
      'hr',
      'ul',
      'ol',
      'li',
      'a',
      'strong',
      'em',
      'b',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'mark',
      'blockquote',
      'figure',
      'figcaption',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'caption',
      'code',
      'pre',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
      ol: ['start', 'reversed'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      table: ['tabindex'],
    },
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: { img: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowedStyles: {},
    disallowedTagsMode: 'discard',
    nonTextTags: DROP_WITH_CONTENT,
    transformTags: {
      // The page owns the only h1; an editor's h1 becomes a section heading.
      h1: 'h2',
      // A wide table scrolls sideways on a phone; keyboard users must be able to scroll it too.
      table: () => ({ tagName: 'table', attribs: { tabindex: '0' } }),
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        const clean: sanitizeHtml.Attributes = {};
        if (href) clean.href = href;
        if (attribs.title) clean.title = attribs.title;
        if (href && isExternalLink(href, siteOrigin)) {
          clean.target = '_blank';
          clean.rel = 'noopener noreferrer';
        }
        return { tagName, attribs: clean };
      },
      img: (tagName, attribs) => {
        const src = attribs.src?.trim();
        // An image from anywhere else loses its src and is then removed by exclusiveFilter.
        if (!src || !isAllowedImageUrl(src, options.assetHosts)) return { tagName, attribs: {} };
        const clean: sanitizeHtml.Attributes = { src, alt: attribs.alt ?? '' };
        if (attribs.width && DIMENSION.test(attribs.width)) clean.width = attribs.width;
        if (attribs.height && DIMENSION.test(attribs.height)) clean.height = attribs.height;
        clean.loading = 'lazy';
        clean.decoding = 'async';
        return { tagName, attribs: clean };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  }).trim();
}
