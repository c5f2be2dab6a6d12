// The property costs estimator on a phone, as a visitor uses it: the figures the
// issue names, in English and Kiswahili, kept in the address so a reload (or a
// shared link) gives them again. Its markup without scripts, and the links to
// it: tests/built/property-costs.spec.ts; its calculation: tests/unit/property-costs/.
// Axe, width and weight run over the page as it opens with every template
// (scripts/bench/routes.ts); axe runs here too, over an estimate shown (one
// language is enough: both share the template).
import { expect, test, type Page } from '@playwright/test';
import { interfaceText } from '../../src/content/interface-text.ts';
import type { Language } from '../../src/lib/i18n/languages.ts';
import { seriousViolations } from './support/axe.ts';
import { hydrated } from './support/hydration.ts';

test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });

/** The estimate's line for a duty or tax, found by its heading in the page's language. */
const line = (page: Page, lang: Language, name: 'stampDuty' | 'capitalGainsTax') =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: interfaceText[lang].propertyCosts.estimator[name] }) });

test('gives the stamp duty in a town, outside one and under the exemption, and the seller’s tax, again on reload', async ({
  page,
}) => {
  const words = interfaceText.en.propertyCosts.estimator;
  await page.goto('/tools/property-costs');
  await hydrated(page, 'main');
  await page.getByLabel(words.price).fill('5,000,000');
  await page.getByLabel(words.town).check();
  await expect(line(page, 'en', 'stampDuty')).toContainText('KES 200,000');
  await page.getByLabel(words.rural).check();
  await expect(line(page, 'en', 'stampDuty')).toContainText('KES 100,000');
  await page.getByLabel(words.firstTime).check();
  await expect(line(page, 'en', 'stampDuty')).toContainText('KES 0');
  await expect(line(page, 'en', 'stampDuty')).toContainText('Nil');
  await page.getByLabel(words.firstTime).uncheck();
  await page.getByLabel(words.town).check();
  await page.getByLabel(words.paid).fill('3000000');
  await expect(line(page, 'en', 'capitalGainsTax')).toContainText('KES 300,000');
  // Announced as they change.
  await expect(page.getByRole('status')).toHaveText('Stamp duty: KES 200,000. Capital gains tax: KES 300,000');
  await expect(page).toHaveURL(/\/tools\/property-costs\?price=5000000&area=town&paid=3000000$/);
  const share = page.getByRole('link', { name: `${words.share} (opens in a new tab)` });
  const summary = new URL((await share.getAttribute('href'))!).searchParams.get('text');
  expect(summary).toContain('Stamp duty: KES 200,000\nCapital gains tax: KES 300,000');
  expect(summary).toContain(page.url());

  await page.reload();
  await hydrated(page, 'main');
  await expect(page.getByLabel(words.price)).toHaveValue('5,000,000');
  await expect(page.getByLabel(words.town)).toBeChecked();
  await expect(page.getByLabel(words.paid)).toHaveValue('3,000,000');
  await expect(line(page, 'en', 'stampDuty')).toContainText('KES 200,000');
  await expect(line(page, 'en', 'capitalGainsTax')).toContainText('KES 300,000');
});

test('gives the same figures on the Kiswahili page, under Kiswahili labels, with no serious axe violation', async ({
  page,
}) => {
  const words = interfaceText.sw.propertyCosts.estimator;
  await page.goto('/sw/tools/property-costs?price=5000000&area=town&paid=3000000');
  await hydrated(page, 'main');
  await expect(page.getByLabel(words.price)).toHaveValue('5,000,000');
  await expect(line(page, 'sw', 'stampDuty')).toContainText('KES 200,000');
  await expect(line(page, 'sw', 'capitalGainsTax')).toContainText('KES 300,000');
  await page.getByLabel(words.rural).check();
  await expect(line(page, 'sw', 'stampDuty')).toContainText('KES 100,000');
  await page.getByLabel(words.firstTime).check();
  await expect(line(page, 'sw', 'stampDuty')).toContainText('KES 0');
  await expect(page.getByRole('status')).toHaveText('Ushuru wa stempu: KES 0. Kodi ya faida ya mtaji: KES 300,000');
  await expect(page).toHaveURL(/\/sw\/tools\/property-costs\?price=5000000&area=rural&firstTime=1&paid=3000000$/);
  expect(await seriousViolations(page)).toEqual([]);
});
