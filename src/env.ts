// The one place the site reads its environment. Build-time values come from
// the shell or Netlify's build settings; functions read theirs at run time.
import { CONTENT_STAGES, type ContentStage } from './lib/articles/query.ts';
import { DEFAULT_RETENTION_DAYS, type RetentionPeriods } from './lib/privacy.ts';
import { site } from './site.config.ts';

/** How many submissions each form stores a day (env.dailyLimits). */
export interface DailyLimits {
  contact: number;
  consultation: number;
  application: number;
  /** Article alert subscriptions (src/server/alerts/subscribe-handler.ts): counted as an enquiry form. */
  subscription: number;
}

const read = (name: string): string | undefined => {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
};

/** A comma-separated list of addresses, blanks dropped. */
const addressList = (value: string) =>
  value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);

/** Most days a retention period may be set to (100 years): anything longer is a typo. */
const MAX_RETENTION_DAYS = 36_500;

/**
 * A retention period in whole days. A value that is not a whole number from 1
 * up is refused loudly: a typo must never make the retention job delete more
 * than the notice promises.
 */
function retentionDays(name: string, fallback: number): number {
  const value = read(name);
  if (value === undefined) return fallback;
  const days = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(days) || days < 1 || days > MAX_RETENTION_DAYS) {
    throw new Error(`${name} must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}, not "${value}"`);
  }
  return days;
}

const mailDomain = site.email.general.split('@')[1];

/**
 * The deploy context of the function call under way, as Netlify's platform
 * gives it (the `Netlify` global's Context, from the x-nf-deploy-context
 * header): Netlify documents only URL, SITE_NAME and SITE_ID as set for
 * functions at run time, so CONTEXT alone could leave a deploy preview's
 * functions believing they were production. Outside a function call (a build,
 * the tests, the local server) there is none.
 */
function platformDeployContext(): string | undefined {
  const netlify = (globalThis as unknown as { Netlify?: { context?: { deploy?: { context?: unknown } } | null } })
    .Netlify;
  const context = netlify?.context?.deploy?.context;
  return typeof context === 'string' && context.trim() ? context.trim().toLowerCase() : undefined;
}

/** The origin of the request a function is answering, from the platform's Context (none outside a function call). */
function platformRequestOrigin(): string | undefined {
  const netlify = (globalThis as unknown as { Netlify?: { context?: { url?: unknown } | null } }).Netlify;
  const url = netlify?.context?.url;
  return url instanceof URL ? url.origin : undefined;
}

/** Most a daily limit may be set to: anything more is a typo, not a ceiling. */
const MAX_DAILY_LIMIT = 100_000;

/**
 * A daily limit of submissions: a whole number from 1. Anything else is
 * refused loudly, so a typo never lifts the ceiling nor closes a form.
 */
function dailyLimit(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_DAILY_LIMIT) {
    throw new Error(`${name} must be a whole number from 1 to ${MAX_DAILY_LIMIT}, not "${value}"`);
  }
  return limit;
}

/** Deploy contexts whose forms reach the firm: production, and a machine's own (`npm start`, `netlify dev`). */
const FIRM_CONTEXTS: ReadonlySet<string> = new Set(['production', 'dev', 'dev-server']);

export const env = {
  /**
   * Public origin of the site, used for canonical URLs, the sitemap, the feed
   * and the document links in notification e-mails. Without SITE_URL, the
   * site's main address Netlify sets in `URL`, else the local server.
   */
  get siteUrl() {
    return read('SITE_URL') ?? read('URL') ?? 'http://localhost:8888';
  },
  /**
   * The site's Netlify subdomain, e.g. `mno-advocates` of
   * https://mno-advocates.netlify.app, whose deploy previews and branch deploys
   * are served at `https://<deploy>--mno-advocates.netlify.app`. Netlify gives
   * functions SITE_NAME; builds and local tools may have only URL or
   * DEPLOY_PRIME_URL, so their subdomain is taken when they are a netlify.app address.
   */
  get netlifySiteName() {
    const named = read('SITE_NAME')?.toLowerCase();
    if (named) return named;
    for (const address of [read('URL'), read('DEPLOY_PRIME_URL')]) {
      const host = address && URL.canParse(address) ? new URL(address).hostname : '';
      const subdomain = /^(?:[a-z0-9-]+--)?([a-z0-9-]+)\.netlify\.app$/.exec(host)?.[1];
      if (subdomain) return subdomain;
    }
    return undefined;
  },
  /**
   * Where Astro keeps its content data store and optimised images between
   * builds. Default: Astro's own, node_modules/.astro, which Netlify keeps
   * between builds. Tests and the benchmark give each build its own.
   */
  get astroCacheDir() {
    return read('ASTRO_CACHE_DIR');
  },
  /** GraphQL endpoint of the content service; without it the build uses the bundled sample articles. */
  get contentApiUrl() {
    return read('CONTENT_API_URL');
  },
  /** Optional bearer token for the content service. */
  get contentApiToken() {
    return read('CONTENT_API_TOKEN');
  },
  /**
   * Hosts article images may come from, comma-separated; `*.example.com` also
   * matches its subdomains. Defaults to Hygraph's asset CDN. Same-origin paths
   * (`/images/...`) are always allowed. Images must be `https:`, except from a
   * loopback host listed here (`127.0.0.1`, `localhost`), so a CMS on this
   * machine can be tested end to end.
   */
  get contentAssetHosts() {
    return (read('CONTENT_ASSET_HOSTS') ?? '*.graphassets.com')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean);
  },

  /**
   * Which version of the articles a build shows: `PUBLISHED` (the default) or
   * `DRAFT`, Hygraph's stage for unpublished changes. netlify.toml sets DRAFT
   * for deploy previews and branch deploys, which then carry a preview band
   * and are kept out of search engines.
   */
  get contentStage(): ContentStage {
    const value = (read('CONTENT_STAGE') ?? 'PUBLISHED').toUpperCase();
    if (!(CONTENT_STAGES as readonly string[]).includes(value)) {
      throw new Error(`CONTENT_STAGE must be one of ${CONTENT_STAGES.join(', ')}, not "${value}"`);
    }
    return value as ContentStage;
  },
  /**
   * True for a preview build: one that shows unpublished content
   * (CONTENT_STAGE=DRAFT) or is built for a deploy preview or branch deploy
   * (CONTEXT). Such builds carry a preview band and are kept out of search engines.
   */
  get isPreview() {
    return this.contentStage === 'DRAFT' || this.isPreviewDeploy;
  },

  // --- Deploy context (builds, functions) ---------------------------------------
  /**
   * Netlify's deploy context: `production`, `deploy-preview`, `branch-deploy`,
   * or `dev` (`netlify dev`). In a function, the platform's word for the call
   * under way; else CONTEXT, which Netlify sets for builds (and which a test
   * or `CONTEXT=deploy-preview npm start` sets by hand). Undefined on a
   * machine of our own (`npm start`, the tests).
   */
  get deployContext(): string | undefined {
    return platformDeployContext() ?? read('CONTEXT')?.toLowerCase();
  },
  /**
   * True on a deploy preview or branch deploy (any Netlify context but
   * production and a machine's own): its functions keep submissions in their
   * own store and never e-mail the firm. Local runs count as the firm's
   * (see src/server/submissions/store.ts).
   */
  get isPreviewDeploy() {
    const context = this.deployContext;
    return context !== undefined && !FIRM_CONTEXTS.has(context);
  },
  /**
   * This deploy's own address: the one the function was called at, else
   * DEPLOY_PRIME_URL, else the site's. A preview's document links point here,
   * at the functions that read the preview's store.
   */
  get deployUrl() {
    return platformRequestOrigin() ?? read('DEPLOY_PRIME_URL') ?? this.siteUrl;
  },
  /**
   * Most pages of 100 articles a build reads before it fails (default 100,
   * i.e. 10,000 articles): a service that never ends its list must not keep
   * a build running for ever.
   */
  get contentMaxPages() {
    const value = read('CONTENT_MAX_PAGES');
    if (value === undefined) return 100;
    const pages = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(pages) || pages < 1)
      throw new Error(`CONTENT_MAX_PAGES must be a whole number from 1, not "${value}"`);
    return pages;
  },

  // --- The publish webhook (netlify/functions/content-webhook.ts) ----------------
  /**
   * The secret Hygraph signs its webhook deliveries with (the webhook's
   * "Secret key"). Without it the webhook answers 503: an unsigned delivery
   * could start builds for anyone.
   */
  get contentWebhookSecret() {
    return read('CONTENT_WEBHOOK_SECRET');
  },
  /**
   * The token of the draft preview's links (/preview/insight/<slug>?token=…),
   * the "Preview URL" entered in the content service. Without it every preview
   * answers 404.
   */
  get contentPreviewSecret() {
    return read('CONTENT_PREVIEW_SECRET');
  },
  /** Netlify's build hook the webhook POSTs to (Build & deploy → Build hooks); a secret too. */
  get buildHookUrl() {
    return read('BUILD_HOOK_URL');
  },

  // --- Notifications (functions and `npm run submissions`) ---------------------
  /**
   * SMTP server for notification e-mails, as a URL: `smtps://user:password@smtp.example.com:465`
   * (TLS) or `smtp://user:password@smtp.example.com:587` (STARTTLS). Without it,
   * submissions are stored and nobody is e-mailed.
   */
  get smtpUrl() {
    return read('SMTP_URL');
  },
  /** The sender of notification e-mails; must be an address the SMTP service may send as. */
  get mailFrom() {
    return read('MAIL_FROM') ?? `${site.shortName} website <website@${mailDomain}>`;
  },
  /** Who is told of a contact message (comma-separated). Default: the firm's general address. */
  get notifyContactTo() {
    return addressList(read('NOTIFY_CONTACT_TO') ?? site.email.general);
  },
  /** Who is told of a consultation request (comma-separated). Default: the firm's general address. */
  get notifyConsultationTo() {
    return addressList(read('NOTIFY_CONSULTATION_TO') ?? site.email.general);
  },
  /** Who is told of a pupillage application (comma-separated). Default: the careers address. */
  get notifyApplicationTo() {
    return addressList(read('NOTIFY_APPLICATION_TO') ?? site.email.careers);
  },
  /** `true` sends each applicant a short acknowledgement e-mail. */
  get acknowledgeApplicants() {
    return read('ACKNOWLEDGE_APPLICANTS')?.toLowerCase() === 'true';
  },
  /**
   * Who receives every e-mail a deploy preview or branch deploy sends
   * (comma-separated), in place of the firm and of applicants. Unset: previews
   * e-mail nobody.
   */
  get notifyPreviewTo() {
    return addressList(read('NOTIFY_PREVIEW_TO') ?? '');
  },

  // --- Abuse (the form functions) ------------------------------------------------
  /**
   * Most sign-in attempts to the staff desk from one address in 10 minutes
   * (src/server/desk/sign-in-limit.ts); default 20. The browser tests, all from
   * one machine, raise it.
   */
  get staffSignInLimit(): number {
    return dailyLimit('STAFF_SIGN_IN_LIMIT', read('STAFF_SIGN_IN_LIMIT'), 20);
  },
  /**
   * How many submissions each form stores a day (Nairobi time) before it
   * answers 429 until midnight and alerts the firm once: pupillage
   * applications (default 300), and contact messages and consultation
   * requests, each form on its own (default 1,000). Filled honeypots are
   * counted apart, up to the same numbers. See src/server/submissions/daily-limit.ts.
   */
  get dailyLimits(): DailyLimits {
    const enquiry = dailyLimit('DAILY_LIMIT_ENQUIRY', read('DAILY_LIMIT_ENQUIRY'), 1_000);
    return {
      contact: enquiry,
      consultation: enquiry,
      subscription: enquiry,
      application: dailyLimit('DAILY_LIMIT_APPLICATION', read('DAILY_LIMIT_APPLICATION'), 300),
    };
  },

  // --- Document links in application notifications --------------------------------
  /**
   * The key that signs the document links staff receive. Without it, a random
   * one is made once and kept in the site's Blobs store
   * (src/server/documents/links.ts), so links work with no setup; set it to
   * control (or rotate) it yourself.
   */
  get documentLinkSecret() {
    return read('DOCUMENT_LINK_SECRET');
  },
  /** How many days a document link works (default 14, at most a year). */
  get documentLinkDays() {
    const value = read('DOCUMENT_LINK_DAYS');
    if (value === undefined) return 14;
    const days = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(days) || days < 1 || days > 366)
      throw new Error(`DOCUMENT_LINK_DAYS must be a whole number of days from 1 to 366, not "${value}"`);
    return days;
  },

  // --- Retention (the retention function, `purge`, and the privacy notice) ------
  /** Days an application (and its documents), and a contact message or consultation request, are kept. */
  get retentionDays(): RetentionPeriods {
    return {
      application: retentionDays('RETENTION_APPLICATION_DAYS', DEFAULT_RETENTION_DAYS.application),
      enquiry: retentionDays('RETENTION_ENQUIRY_DAYS', DEFAULT_RETENTION_DAYS.enquiry),
    };
  },

  // --- The submissions tool against the live site ------------------------------
  /** The Netlify site's API ID (Site configuration → General → Site details). */
  get netlifySiteId() {
    return read('NETLIFY_SITE_ID');
  },
  /** A Netlify personal access token of someone on the site's team; never logged. */
  get netlifyAuthToken() {
    return read('NETLIFY_AUTH_TOKEN');
  },
};
