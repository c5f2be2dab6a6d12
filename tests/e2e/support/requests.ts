// The requests a page makes of one kind, each marked with whether the page's
// load event had fired when it was made.
import type { Page } from '@playwright/test';

export interface TimedRequest {
  path: string;
  afterLoad: boolean;
}

/** Starts recording; the returned list fills as the page (and the pages it goes to) make requests. */
export function recordRequests(page: Page, resourceType: 'font' | 'script'): TimedRequest[] {
  const requests: TimedRequest[] = [];
  let loaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loaded = false;
  });
  page.on('load', () => (loaded = true));
  page.on('request', (request) => {
    if (request.resourceType() === resourceType)
      requests.push({ path: new URL(request.url()).pathname, afterLoad: loaded });
  });
  return requests;
}
