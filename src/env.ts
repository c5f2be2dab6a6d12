// The one place the site reads its environment. Build-time values come from
// the shell or Netlify's build settings; functions read theirs at run time.
const read = (name: string): string | undefined => {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
};

export const env = {
  /** Public origin of the site, used for canonical URLs, the sitemap and the feed. */
  get siteUrl() {
    return read('SITE_URL') ?? 'http://localhost:8888';
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
   * (`/images/...`) are always allowed.
   */
  get contentAssetHosts() {
    return (read('CONTENT_ASSET_HOSTS') ?? '*.graphassets.com')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean);
  },
};
