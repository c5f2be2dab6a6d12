// The article alerts form (issue 40) on a phone, against the real subscribe
// function: on an article page it costs no script until the reader nears it,
// then sends and shows the function's answer; on a Kiswahili practice area it
// speaks Kiswahili when consent is missing, when the connection fails and when
// it is sent. axe on each state. Its markup on every page: tests/built/article-alerts.spec.ts.
import { expect, test } from '@playwright/test';
import { checkYourInbox, SUBSCRIBE_ENDPOINT, subscribeCopy } from '../../src/forms/subscribe/subscribe.ts';
import { categorySlug } from '../../src/lib/articles/pages.ts';
import { seriousViolations } from './support/axe.ts';
import { sampleArticles } from './support/articles.ts';
import { expectFieldMessage, uniqueEmail } from './support/forms.ts';
import { hydrated } from './support/hydration.ts';
import { recordRequests, watchNetwork } from './support/requests.ts';

const SUBSCRIBE_ROUTE = `**${SUBSCRIBE_ENDPOINT}`;

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });

test('on an article page the form loads no script until the reader nears it, then sends and shows the answer', async ({
  page,
}) => {
  const article = sampleArticles.at(-1)!;
  const scripts = recordRequests(page, 'script');
  const network = watchNetwork(page);
  await page.goto(`/insight/${article.articleSlug}`);
  await network.quiet();
  const form = page.getByRole('form', { name: subscribeCopy.en.name });
  const island = page.locator('.article-alerts astro-island');
  // Rendered on the server, waiting: its button works only once the island runs.
  await expect(form.getByRole('button', { name: subscribeCopy.en.button.idle })).toBeDisabled();
  await expect(island).toHaveAttribute('ssr');
  expect(scripts.filter((script) => /\/(SubscribeForm|client|react|react-dom)\./.test(script.path))).toEqual([]);

  await form.scrollIntoViewIfNeeded();
  await hydrated(page, '.article-alerts');
  expect(scripts.some((script) => script.path.includes('SubscribeForm'))).toBe(true);
  const slug = categorySlug(article.articleCategory);
  await expect(form.locator(`[name="categories"][value="${slug}"]`)).toBeChecked();

  const email = uniqueEmail('alerts');
  await form.getByLabel(subscribeCopy.en.email, { exact: true }).fill(email);
  await form.locator('[name="consent"]').check();
  const sent: string[] = [];
  page.on('request', (request) => request.url().endsWith(SUBSCRIBE_ENDPOINT) && sent.push(request.url()));
  const answer = page.waitForResponse(SUBSCRIBE_ROUTE);
  const button = form.getByRole('button', { name: subscribeCopy.en.button.idle });
  await button.click();
  const response = await answer;
  expect(response.request().postDataJSON()).toEqual({
    email,
    categories: [slug],
    consent: true,
    lang: 'en',
    honey: '',
  });
  expect(response.status()).toBe(202);

  await expect(form.getByRole('status')).toHaveText(checkYourInbox.en);
  await expect(form.getByRole('status')).toBeInViewport();
  const done = form.getByRole('button', { name: subscribeCopy.en.button.sent });
  await expect(done).toHaveAttribute('aria-disabled', 'true');
  await expect(done).toBeFocused();
  // Pressed again (Playwright would wait for an aria-disabled button to be enabled), it sends nothing more.
  await done.click({ force: true });
  await network.quiet();
  expect(sent).toHaveLength(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test('on a Kiswahili practice area the form asks for consent, says the connection failed, then sends, in Kiswahili', async ({
  page,
}) => {
  const copy = subscribeCopy.sw;
  await page.goto('/sw/practice-area/employment-law');
  const form = page.getByRole('form', { name: copy.name });
  await form.scrollIntoViewIfNeeded();
  await hydrated(page, '.article-alerts');
  await expect(form.locator('[name="categories"]:checked')).toHaveCount(1);
  await expect(form.locator('[name="categories"][value="employment-law"]')).toBeChecked();

  const email = uniqueEmail('alerts-sw');
  await form.getByLabel(copy.email, { exact: true }).fill(email);
  await form.getByRole('button', { name: copy.button.idle }).click();
  await expectFieldMessage(form, 'consent', 'Weka alama kwenye kisanduku kukubali kupokea arifa');
  await expect(form.locator('[name="consent"]')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await form.locator('[name="consent"]').check();
  await page.route(SUBSCRIBE_ROUTE, (route) => route.abort('internetdisconnected'), { times: 1 });
  await form.getByRole('button', { name: copy.button.idle }).click();
  await expect(form.getByRole('alert')).toHaveText(`${copy.notSent} ${copy.offline}`);
  await expect(form.getByLabel(copy.email, { exact: true })).toHaveValue(email);

  const answer = page.waitForResponse(SUBSCRIBE_ROUTE);
  await form.getByRole('button', { name: copy.button.idle }).click();
  const response = await answer;
  expect(response.status()).toBe(202);
  expect(response.request().postDataJSON()).toMatchObject({ email, categories: ['employment-law'], lang: 'sw' });
  await expect(form.getByRole('status')).toHaveText(checkYourInbox.sw);
  await expect(form.getByRole('alert')).toBeEmpty();
  await expect(form.getByRole('button', { name: copy.button.sent })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
