import { describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../../../src/forms/contact/contact.ts';
import { CONSULTATION_ENDPOINT } from '../../../../src/forms/consultation/consultation.ts';
import { createConsultationHandler, createContactHandler, type FormHandler } from '../../../../src/server/handlers.ts';
import { createApplicationHandler } from '../../../../src/server/application-handler.ts';
import { isSentFromThisSite, type ThisSite } from '../../../../src/server/http/request-origin.ts';
import {
  applicationRequest,
  origin,
  validConsultation,
  validContact,
} from '../../../../scripts/lib/sample-requests.ts';
import { localBlobsPerTest } from '../../../support/local-blobs-per-test.ts';
import { testDatabaseAsEnvironment } from '../../../support/stored-applications.ts';
import { messageOf } from '../../../support/requests.ts';
import { disarmInProcess } from '../../../support/rebuilt-documents.ts';

const site: ThisSite = { siteUrl: 'https://www.mnoadvocates.co.ke', netlifySiteName: 'mno-advocates' };
const production = `https://www.mnoadvocates.co.ke${CONTACT_ENDPOINT}`;

const sentTo = (url: string, headers: Record<string, string>) =>
  new Request(url, { method: 'POST', headers, body: '{}' });
const fromThisSite = (headers: Record<string, string>, url = production) =>
  isSentFromThisSite(sentTo(url, headers), site);

describe('which requests count as sent from this site', () => {
  it('lets a request without Origin or Sec-Fetch-Site through, as scripts and monitors send them', () => {
    expect(fromThisSite({})).toBe(true);
  });

  it.each([
    [
      'the address it was sent to',
      'https://deploy-preview-7--mno-advocates.netlify.app',
      `https://deploy-preview-7--mno-advocates.netlify.app${CONTACT_ENDPOINT}`,
    ],
    ['the local server it was sent to', 'http://localhost:8888', `http://localhost:8888${CONTACT_ENDPOINT}`],
    [
      'SITE_URL, whatever address the function saw',
      'https://www.mnoadvocates.co.ke',
      `https://mno-advocates.netlify.app${CONTACT_ENDPOINT}`,
    ],
    ['the site’s own Netlify subdomain', 'https://mno-advocates.netlify.app', production],
    ['a deploy preview of the site', 'https://deploy-preview-123--mno-advocates.netlify.app', production],
    ['a branch deploy of the site', 'https://feature-new-forms--mno-advocates.netlify.app', production],
    ['a single deploy of the site', 'https://64f1c0ffee0123456789abcd--mno-advocates.netlify.app', production],
  ])('accepts an Origin of %s', (_what, requestOrigin, url) => {
    expect(fromThisSite({ origin: requestOrigin }, url)).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['`null`, the opaque origin of sandboxed frames and local files', 'null'],
    ['an empty value', ''],
    ['the site over plain http', 'http://www.mnoadvocates.co.ke'],
    ['the site on another port', 'https://www.mnoadvocates.co.ke:8443'],
    ['a host that merely starts with the site’s', 'https://www.mnoadvocates.co.ke.evil.example'],
    ['another Netlify site', 'https://deploy-preview-123--other-firm.netlify.app'],
    ['a Netlify site whose name ends like ours', 'https://not-mno-advocates.netlify.app'],
    ['a subdomain under the site’s Netlify address', 'https://x.mno-advocates.netlify.app'],
    ['the site’s Netlify address inside another host', 'https://mno-advocates.netlify.app.evil.example'],
    ['a deploy preview over plain http', 'http://deploy-preview-123--mno-advocates.netlify.app'],
  ])('refuses an Origin of %s', (_what, requestOrigin) => {
    expect(fromThisSite({ origin: requestOrigin })).toBe(false);
  });

  it('refuses Netlify addresses when the site’s Netlify name is unknown', () => {
    const request = sentTo(production, { origin: 'https://deploy-preview-123--mno-advocates.netlify.app' });
    expect(isSentFromThisSite(request, { siteUrl: site.siteUrl })).toBe(false);
  });

  it.each(['same-origin', 'same-site', 'none'])('goes by Origin when Sec-Fetch-Site says %s', (fetchSite) => {
    expect(fromThisSite({ 'sec-fetch-site': fetchSite })).toBe(true);
    expect(fromThisSite({ 'sec-fetch-site': fetchSite, origin: 'https://www.mnoadvocates.co.ke' })).toBe(true);
    expect(fromThisSite({ 'sec-fetch-site': fetchSite, origin: 'https://evil.example' })).toBe(false);
  });

  it('refuses whatever the browser calls cross-site, even with an Origin of this site or none', () => {
    expect(fromThisSite({ 'sec-fetch-site': 'cross-site', origin: 'https://www.mnoadvocates.co.ke' })).toBe(false);
    expect(fromThisSite({ 'sec-fetch-site': 'Cross-Site' })).toBe(false);
  });
});

describe('each form function, posted to from another site', () => {
  const blobs = localBlobsPerTest();
  // Records are rows of the functions' database; an application's documents go to these Blobs.
  const database = testDatabaseAsEnvironment();
  const stored = async () =>
    (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions'))[0]!.n;
  const deps = () => ({
    openFiles: () => blobs.store(),
    notify: async () => {},
    log: () => {},
    disarm: disarmInProcess,
  });
  const json = (path: string, formData: unknown) => (headers: Record<string, string>) =>
    new Request(new URL(path, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ form_data: formData }),
    });

  const forms: Array<[string, FormHandler, (headers: Record<string, string>) => Request | Promise<Request>]> = [
    ['the contact form', createContactHandler(deps()), json(CONTACT_ENDPOINT, validContact())],
    ['the consultation form', createConsultationHandler(deps()), json(CONSULTATION_ENDPOINT, validConsultation())],
    ['the application form', createApplicationHandler(deps()), (headers) => applicationRequest({ headers })],
  ];

  describe.each(forms)('%s', (_form, handler, validRequest) => {
    it.each([
      ['another site’s Origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: cross-site alone', { 'sec-fetch-site': 'cross-site' }],
      ['Origin: null', { origin: 'null' }],
    ])('refuses a valid submission sent with %s (403), unread and unstored', async (_what, headers) => {
      const request = await validRequest(headers);
      const response = await handler(request);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await messageOf(response)).toBe('Forms can only be sent from this website.');
      expect(request.bodyUsed).toBe(false);
      expect(await stored()).toBe(0);
      expect(await blobs.keys()).toEqual([]);
    });

    it('accepts the same submission from the site’s own page', async () => {
      const response = await handler(await validRequest({ origin, 'sec-fetch-site': 'same-origin' }));
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await stored()).toBe(1);
    });

    it('answers another site’s CORS preflight with 405 and no CORS permission', async () => {
      const preflight = new Request(new URL(CONTACT_ENDPOINT, origin), {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      const response = await handler(preflight);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    });
  });
});
