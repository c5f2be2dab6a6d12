// Deliberate breakages across the site, each with the narrowest command that
// must fail when it is made: what the test suite protects, written down so a
// change to the tests can be checked against it (npm run mutants;
// docs/quality.md#breakages).
export interface Breakage {
  /** What a visitor, an applicant or the firm's staff would lose. */
  name: string;
  file: string;
  /** Text that occurs exactly once in `file`, and what it becomes. */
  from: string;
  to: string;
  /** The command that must fail, run from the repository's root. */
  command: string;
}

const unit = (path: string) => `npx vitest run --project unit ${path}`;
const integration = (path: string) => `npx vitest run --project integration ${path}`;
/** A check over the built pages (the build comes first, as `npm test` makes it). */
const built = (path: string) => `npx playwright test --project=built ${path}`;
const browser = (path: string, grep: string) => `npx playwright test --project=browser ${path} -g "${grep}"`;

export const BREAKAGES: readonly Breakage[] = [
  {
    name: "a page heading's words",
    file: 'src/content/interface-text.ts',
    from: "heading: 'What We Do',",
    to: "heading: 'What we do',",
    command: browser('tests/e2e/firm-pages.spec.ts', 'practice'),
  },
  {
    name: 'the hreflang of the Kiswahili alternate',
    file: 'src/components/site/SeoHead.astro',
    from: 'hreflang={alternate.hreflang}',
    to: "hreflang={alternate.hreflang === 'sw' ? 'sw-KE' : alternate.hreflang}",
    command: built('tests/built/kiswahili-markup.spec.ts'),
  },
  {
    name: 'a CSP hash',
    file: 'src/lib/content-security-policy.ts',
    from: ".update(text).digest('base64')",
    to: ".update(`${text} `).digest('base64')",
    command: unit('tests/unit/integrations/page-csp.test.ts'),
  },
  {
    name: "the unknown article's 404 status",
    file: 'netlify.toml',
    from: 'to = "/insight/404/"\n  status = 404',
    to: 'to = "/insight/404/"\n  status = 200',
    command: browser('tests/e2e/insights.spec.ts', '404'),
  },
  {
    name: "the contact form's message for a missing name",
    file: 'src/forms/contact/contact.ts',
    from: "name: 'Name input is required',",
    to: "name: 'Name is required',",
    command: unit('tests/unit/forms/contact'),
  },
  {
    name: "the contact button's sending state",
    file: 'src/forms/contact/contact.ts',
    from: "button: { idle: 'Send Message', sending: 'Sending...', sent: 'Sent' },",
    to: "button: { idle: 'Send Message', sending: 'Sending', sent: 'Sent' },",
    command: browser('tests/e2e/forms.spec.ts', 'contact'),
  },
  {
    name: "the draft preview's noindex",
    file: 'src/pages/preview/insight/[slug].astro',
    from: '<meta slot="head" name="robots" content="noindex, nofollow" />',
    to: '',
    command: browser('tests/e2e/draft-preview.spec.ts', 'preview'),
  },
  {
    name: 'an axe rule: text contrast',
    file: 'src/styles/global.css',
    from: '--color-muted: #52606d;',
    to: '--color-muted: #b0b8c0;',
    command: browser('tests/e2e/accessibility.spec.ts', 'WCAG'),
  },
  {
    name: "a page's weight: the menu's React loads on every page",
    file: 'src/components/site/Header.astro',
    from: '<MobileMenu\n      client:intent',
    to: '<MobileMenu\n      client:load',
    command: browser('tests/e2e/weight.spec.ts', 'budgets'),
  },
  {
    name: "a document link's expiry",
    file: 'src/server/documents/links.ts',
    from: 'if (Number(expires) * 1000 <= now.getTime()) {',
    to: 'if (Number(expires) * 1000 <= now.getTime() - 86_400_000) {',
    command: unit('tests/unit/server/documents/links.test.ts'),
  },
  {
    name: "a document link's signature, compared",
    file: 'src/server/documents/links.ts',
    from: 'if (given.length !== expected.length || !timingSafeEqual(given, expected)) {',
    to: 'if (given.length !== expected.length) {',
    command: unit('tests/unit/server/documents/links.test.ts'),
  },
  {
    name: "a Kiswahili label: the menu's button",
    file: 'src/content/interface-text.ts',
    from: "open: 'Fungua menyu'",
    to: "open: 'Open menu'",
    command: browser('tests/e2e/kiswahili.spec.ts', 'keyboard'),
  },
  {
    name: 'the Kiswahili pages mark links to English-only pages',
    file: 'src/content/in-english-only.ts',
    from: "sw: '(kwa Kiingereza)'",
    to: "sw: ''",
    command: built('tests/built/kiswahili-markup.spec.ts'),
  },
  {
    name: 'English category names on Kiswahili pages marked lang="en"',
    file: 'src/components/insights/ArticleCard.astro',
    from: 'hreflang={articleLang} lang={articleLang}>',
    to: 'hreflang={articleLang}>',
    command: built('tests/built/kiswahili-markup.spec.ts'),
  },
  {
    name: "an article's main image first on a slow phone's connection",
    file: 'src/components/insights/ArticleView.astro',
    from: 'loading="eager"\n            fetchpriority="low"',
    to: 'loading="eager"',
    command: built('tests/built/article-main-image.spec.ts'),
  },
  {
    name: 'the canonical URL',
    file: 'src/components/site/SeoHead.astro',
    from: '<link rel="canonical" href={canonical} />',
    to: '<link rel="canonical" href={String(canonical).replace(/\\/$/, "")} />',
    command: built('tests/built/seo-and-markup.spec.ts'),
  },
  {
    name: "an article's og:type",
    file: 'src/components/site/SeoHead.astro',
    from: '<meta property="og:type" content={ogType} />',
    to: '<meta property="og:type" content="website" />',
    command: built('tests/built/seo-and-markup.spec.ts'),
  },
  {
    name: "the share image's declared width",
    file: 'src/components/site/SeoHead.astro',
    from: '<meta property="og:image:width" content={String(shareImage.width)} />',
    to: '<meta property="og:image:width" content={String(shareImage.width + 1)} />',
    command: built('tests/built/seo-and-markup.spec.ts'),
  },
  {
    name: 'the firm described as a LegalService',
    file: 'src/lib/structured-data.ts',
    from: "'@context': 'https://schema.org',\n    '@type': 'LegalService',",
    to: "'@context': 'https://schema.org',\n    '@type': 'Organization',",
    command: built('tests/built/seo-and-markup.spec.ts'),
  },
  {
    name: 'the sitemap leaves out the error page',
    file: 'astro.config.mjs',
    from: "const NOT_IN_SITEMAP = ['/404', '/insight/404', ",
    to: "const NOT_IN_SITEMAP = ['/404', ",
    command: built('tests/built/seo-and-markup.spec.ts'),
  },
  {
    name: 'a link target: the favicon',
    file: 'src/components/site/SeoHead.astro',
    from: '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    to: '<link rel="icon" href="/favicon.ico" type="image/svg+xml" />',
    command: built('tests/built/links.spec.ts'),
  },
  {
    name: 'valid HTML: one id twice',
    file: 'src/components/site/Footer.astro',
    from: '<footer class="site-footer">',
    to: '<footer class="site-footer"><span id="twice"></span><span id="twice"></span>',
    command: built('tests/built/seo-and-markup.spec.ts'),
  },
  {
    name: 'no page wider than a phone',
    file: 'src/components/site/Footer.astro',
    from: '  .site-footer {\n    background: var(--color-ink);',
    to: '  .site-footer {\n    min-width: 420px;\n    background: var(--color-ink);',
    command: browser('tests/e2e/weight.spec.ts', 'wider'),
  },
  {
    name: 'a security header',
    file: 'netlify.toml',
    from: 'X-Frame-Options = "DENY"',
    to: 'X-Frame-Options = "SAMEORIGIN"',
    command: browser('tests/e2e/security.spec.ts', 'header'),
  },
  {
    name: "the WhatsApp link's number",
    file: 'src/lib/whatsapp.ts',
    from: "return phone.trim().startsWith('0') ? `254${digits.slice(1)}` : digits;",
    to: 'return digits;',
    command: unit('tests/unit/whatsapp.test.ts'),
  },
  {
    name: 'a PDF keeps a string where pdf.js computes with numbers (CVE-2024-4367)',
    file: 'src/server/documents/rebuild/pdf.ts',
    from: "if (rule === 'numbers') return this.copyData(value, depth, true);",
    to: "if (rule === 'numbers') return this.copyData(value, depth, false);",
    command: unit('tests/unit/server/documents/rebuild-pdf.test.ts'),
  },
  {
    name: 'a .docx keeps links of any kind',
    file: 'src/server/documents/rebuild/docx-allowlist.ts',
    from: "new Set(['http:', 'https:', 'mailto:'])",
    to: "new Set(['http:', 'https:', 'mailto:', 'file:', 'javascript:'])",
    command: unit('tests/unit/server/documents'),
  },
  {
    name: 'the daily limit lets one more through',
    file: 'src/server/submissions/daily-limit.ts',
    from: 'if (free > limit) {',
    to: 'if (free > limit + 1) {',
    command: unit('tests/unit/server/abuse.test.ts'),
  },
  {
    name: 'a name longer than its limit is accepted',
    file: 'src/forms/shared/fields.ts',
    from: '  name: 120,',
    to: '  name: 12_000,',
    command: unit('tests/unit/forms/contact'),
  },
  {
    name: 'a POST from another site is accepted',
    file: 'src/server/http/request-origin.ts',
    from: "  if (request.headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return false;\n  const origin = request.headers.get('origin')?.trim();\n  if (origin === undefined) return true;",
    to: "  const origin = request.headers.get('origin')?.trim();\n  if (origin !== '') return true;",
    command: integration('tests/integration/form-endpoints.test.ts'),
  },
  {
    name: "the sent state's five seconds",
    file: 'src/forms/shared/sending.ts',
    from: 'export const SENT_STATE_MS = 5000;',
    to: 'export const SENT_STATE_MS = 3000;',
    command: browser('tests/e2e/forms.spec.ts', 'cycles'),
  },
  {
    name: 'the smooth scroll runs before the visitor moves',
    file: 'src/client/scroll-intent.ts',
    from: 'if (window.scrollY > 0 || location.hash.length > 1) {',
    to: 'if (window.scrollY >= 0) {',
    command: browser('tests/e2e/weight.spec.ts', 'first wheel'),
  },
  {
    name: 'a phone number without the office it rings',
    file: 'src/components/site/PhoneLink.astro',
    from: '{line && <span class="phone-link__line"> ({line})</span>}',
    to: '',
    command: built('tests/built/phone-numbers.spec.ts'),
  },
  {
    name: 'opening the confirmation link subscribes (a mail scanner would)',
    file: 'src/server/alerts/link-handlers.ts',
    from: "    const pending = await readPending(store, link.address);\n    if (request.method === 'GET') {",
    to: "    const pending = await readPending(store, link.address);\n    if (request.method === 'HEAD') {",
    command: unit('tests/unit/server/alerts/links.test.ts'),
  },
  {
    name: 'an alert link is accepted unsigned',
    file: 'src/server/alerts/links.ts',
    from: 'return a.length === b.length && timingSafeEqual(a, b);',
    to: 'return a.length >= 0 || timingSafeEqual(a, b);',
    command: unit('tests/unit/server/alerts/links.test.ts'),
  },
  {
    name: "an unpublish leaves the article's alert to go out",
    file: 'src/server/content-webhook/handler.ts',
    from: ': (await cancelAlert(openAlertStore(), article, at))',
    to: ': (await Promise.resolve(false))',
    command: unit('tests/unit/server/content-webhook.test.ts'),
  },
  {
    name: "a seller's allowable costs left out of the gain",
    file: 'src/lib/property-costs/estimate.ts',
    from: 'const gain = Math.max(0, Math.round(price - paid - costs));',
    to: 'const gain = Math.max(0, Math.round(price - paid));',
    command: unit('tests/unit/property-costs'),
  },
  {
    name: 'the estimate is not kept in the page address',
    file: 'src/islands/PropertyCostsEstimator.tsx',
    from: "window.history.replaceState(window.history.state, '', `${pathname}${query}${hash}`);",
    to: "window.history.replaceState(window.history.state, '', pathname);",
    command: browser('tests/e2e/property-costs.spec.ts', 'reload'),
  },
];
