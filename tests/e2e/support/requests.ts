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

/**
 * Starts counting the page's requests in flight; `quiet()` resolves once none has been for `quietMs`.
 * Playwright's `networkidle` waits 500 ms of silence, twice per page here; a module's imports follow its
 * response within milliseconds, so a shorter silence sees the same requests.
 */
export function watchNetwork(page: Page, quietMs = 150): { quiet: () => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet() {
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
