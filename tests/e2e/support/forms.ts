// Helpers for the form tests: opening a form once its island has hydrated, and
// checking a field's message the way a person and a screen reader meet it, and
// holding a form's request until the test lets it reach the function.
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { createHash } from 'node:crypto';
import { hydrated } from './hydration.ts';

/** Goes to `path`, scrolls the form in `scope` into view (islands hydrate when visible) and waits for it. */
export async function openForm(page: Page, path: string, scope: string): Promise<Locator> {
  await page.goto(path);
  const form = page.locator(`${scope} form`);
  await form.scrollIntoViewIfNeeded();
  await hydrated(page, scope);
  await expect(form.locator('button[type="submit"]')).toBeEnabled();
  return form;
}

/** The control named `name` (the spec's field name) inside `form`. */
export const control = (form: Locator, name: string) => form.locator(`[name="${name}"]`);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The field is marked invalid, its accessible description starts with
 * `message`, and the message is shown directly below the control.
 */
export async function expectFieldMessage(form: Locator, name: string, message: string) {
  const field = control(form, name);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(message)}`));
  const ids = (await field.getAttribute('aria-describedby'))!.split(' ');
  const shown = form.page().locator(`[id="${ids[0]}"]`);
  await expect(shown).toBeVisible();
  await expect(shown).toHaveText(message);
  // A checkbox's label sits beside it and may wrap: the message belongs below both.
  // (A text field's label is above it, so its control's bottom is the lower.)
  const label = form.locator(`label[for="${await field.getAttribute('id')}"]`);
  const boxes = [(await field.boundingBox())!, ...((await label.count()) === 1 ? [(await label.boundingBox())!] : [])];
  const fieldBottom = Math.max(...boxes.map((box) => box.y + box.height));
  const messageBox = (await shown.boundingBox())!;
  expect(messageBox.y, `the message for ${name} is below its control`).toBeGreaterThanOrEqual(fieldBottom - 1);
  expect(messageBox.y - fieldBottom, `the message for ${name} is next to its control`).toBeLessThan(40);
}

export async function expectNoFieldMessage(form: Locator, name: string) {
  await expect(control(form, name)).not.toHaveAttribute('aria-invalid', /.*/);
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An address no other test run uses, to find this run's stored record. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Holds the next request to `url` until `release()` is called, then lets it reach the real function. */
export async function holdRequest(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: (request: Request) => void;
  const arrived = new Promise<Request>((resolve) => (arrive = resolve));
  await page.route(url, async (route) => {
    arrive(route.request());
    await released;
    await route.continue();
  });
  return { release, arrived };
}

/**
 * Stops the page's clock (installed before the page loaded) a second on from now: from here its timers move
 * only when the test moves them. Call it just before submitting, so the sent state begins on the paused clock.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** The specification's sent state: the button "cycles back after 5 s" (written here, not read from the code). */
const SPEC_SENT_STATE_MS = 5_000;

/** After `pauseClock`: the sent state lasts the spec's five seconds and then ends, on the page's clock. */
export async function expectSentStateEnds(page: Page, button: Locator, ready: string) {
  await page.clock.runFor(SPEC_SENT_STATE_MS - 100);
  await expect(button).not.toHaveText(ready);
  await page.clock.runFor(200);
  await expect(button).toHaveText(ready);
}
