// What a visitor on a slow phone does before an island wakes is kept and acted on (issue 49): on a 375 px
// phone throttled to a Kenyan mobile connection, with each island's script held until the visitor has typed
// and chosen, every island with inputs keeps the values, choices, files and focus it finds as it hydrates,
// and does with them what it would have done had it been awake: the estimate of the price, the free times of
// the place, the search of the words, the reduced photo, the form sent as typed. In English and Kiswahili
// where the page is in both. The adoption itself: src/islands/use-early-input.ts.
import { expect, test, type Page } from '@playwright/test';
import { APPLICATION_ENDPOINT, applicationFileFields } from '../../src/forms/application/application.ts';
import { CONSULTATION_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { SUBSCRIBE_ENDPOINT, subscribeCopy } from '../../src/forms/subscribe/subscribe.ts';
import { interfaceText } from '../../src/content/interface-text.ts';
import { enquirySuccessMessages, successMessages } from '../../src/server/handlers.ts';
import { largePhoto } from '../../scripts/lib/photos.ts';
import { validApplicationData } from '../../scripts/lib/sample-requests.ts';
import type { Language } from '../../src/lib/i18n/languages.ts';
import { documents, fillApplication } from './support/application.ts';
import { sampleArticles } from './support/articles.ts';
import { control, uniqueEmail } from './support/forms.ts';
import { parseMultipartBody } from './support/multipart.ts';
import { holdIsland, throttle } from './support/slow-island.ts';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
// Every page opens at 1.6 Mbps.
test.describe.configure({ timeout: 90_000 });

const LANGUAGES: readonly Language[] = ['en', 'sw'];
const inLanguage = (lang: Language, path: string) => (lang === 'en' ? path : `/${lang}${path}`);

/** Opens `path` with the island `component`'s script held: wake() lets it hydrate. */
async function openAsleep(page: Page, path: string, component: string) {
  const island = await holdIsland(page, component);
  await page.goto(path);
  return island;
}

/** The body of the next POST to `endpoint`, as JSON. */
const nextPost = (page: Page, endpoint: string) =>
  page
    .waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === endpoint)
    .then((request) => request.postDataJSON() as Record<string, unknown>);

test('a price typed and a place chosen before the estimator wakes are kept, estimated, and the caret stays', async ({
  page,
}) => {
  await throttle(page);
  for (const lang of LANGUAGES) {
    const words = interfaceText[lang].propertyCosts.estimator;
    const { wake } = await openAsleep(page, inLanguage(lang, '/tools/property-costs'), 'PropertyCostsEstimator');
    await page.getByLabel(words.rural).check();
    const price = page.getByLabel(words.price);
    await price.click();
    await page.keyboard.type('500000');
    await page.keyboard.press('Home');
    await wake();
    // Stamp duty outside a town is 2% of the price.
    const figures = page.locator('.estimate [role="status"]');
    await expect(figures).toContainText('KES 10,000');
    await expect(price).toHaveValue('500000');
    await expect(page.getByLabel(words.rural)).toBeChecked();
    // Still in the field, the caret where it was: the visitor types on.
    await page.keyboard.type('2');
    await expect(price).toHaveValue('2500000');
    await expect(figures).toContainText('KES 50,000');
    await expect(page).toHaveURL(/\?price=2500000&area=rural$/);
  }
});

test('a meeting place chosen before the consultation form wakes has its free times offered, and what was typed is sent', async ({
  page,
}) => {
  await throttle(page);
  for (const lang of LANGUAGES) {
    const { wake } = await openAsleep(page, inLanguage(lang, '/practice-area/employment-law'), 'ConsultationForm');
    const form = page.locator('.practice-body__form form');
    const email = uniqueEmail(`early-consultation-${lang}`);
    await control(form, 'name').fill('Achieng Otieno');
    await control(form, 'email').fill(email);
    await control(form, 'meeting_place').selectOption('nairobi');
    await wake();
    const times = control(form, 'slot');
    await expect(times).toBeEnabled();
    await expect(times.locator('option:not([value=""])').first()).toBeAttached();
    await expect(control(form, 'meeting_place')).toHaveValue('nairobi');

    const sent = nextPost(page, CONSULTATION_ENDPOINT);
    await form.locator('button[type="submit"]').click();
    expect((await sent).form_data).toMatchObject({ name: 'Achieng Otieno', email, meeting_place: 'nairobi' });
    await expect(form.getByRole('status')).toHaveText(enquirySuccessMessages[lang].consultation);
  }
});

test('what is typed into the contact form before it wakes is kept, typed on where the visitor was, and sent', async ({
  page,
}) => {
  await throttle(page);
  for (const lang of LANGUAGES) {
    const { wake } = await openAsleep(page, inLanguage(lang, '/contact-us'), 'ContactForm');
    const form = page.locator('.contact-form-card form');
    const email = uniqueEmail(`early-contact-${lang}`);
    await control(form, 'name').fill('Wekesa Barasa');
    await control(form, 'email').fill(email);
    await control(form, 'phone').fill('0722514380');
    await control(form, 'interest').fill('Land');
    await control(form, 'msg').click();
    await page.keyboard.type('About my title deed.');
    await wake();
    const button = form.locator('button[type="submit"]');
    await expect(button).toBeEnabled();
    await page.keyboard.type(' Thanks.');
    await expect(control(form, 'msg')).toHaveValue('About my title deed. Thanks.');

    const sent = nextPost(page, CONTACT_ENDPOINT);
    await button.click();
    expect((await sent).form_data).toMatchObject({
      name: 'Wekesa Barasa',
      email,
      interest: 'Land',
      msg: 'About my title deed. Thanks.',
    });
    await expect(form.getByRole('status')).toHaveText(enquirySuccessMessages[lang].contact);
  }
});

test('the categories chosen in the alerts form before it wakes are the ones sent', async ({ page }) => {
  await throttle(page);
  for (const lang of LANGUAGES) {
    const { wake } = await openAsleep(page, inLanguage(lang, '/practice-area/employment-law'), 'SubscribeForm');
    const form = page.getByRole('form', { name: subscribeCopy[lang].name });
    const boxes = form.locator('[name="categories"]');
    const email = uniqueEmail(`early-alerts-${lang}`);
    await control(form, 'email').fill(email);
    for (const box of await boxes.all()) await box.uncheck();
    const chosen = (await boxes.last().getAttribute('value'))!;
    await boxes.last().check();
    await control(form, 'consent').check();
    await wake();
    const button = form.locator('button[type="submit"]');
    await expect(button).toBeEnabled();

    const sent = nextPost(page, SUBSCRIBE_ENDPOINT);
    await button.click();
    expect(await sent).toMatchObject({ email, categories: [chosen], consent: true });
    await expect(form.getByRole('status')).not.toBeEmpty();
  }
});

test('words typed into the article search while it loads are searched', async ({ page }) => {
  await throttle(page);
  const oldest = sampleArticles[0]!;
  const { wake } = await openAsleep(page, '/insights', 'ArticleSearch');
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  await box.click();
  await page.keyboard.type(oldest.articleTitle);
  await wake();
  await expect(page.getByRole('search').getByRole('link', { name: oldest.articleTitle })).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(oldest.articleTitle);
});

test('a photo chosen for the application before it wakes is reduced, and the application is sent as filled in', async ({
  page,
}) => {
  await throttle(page);
  const { wake } = await openAsleep(page, '/careers/mno-pupillage-programme', 'ApplicationForm');
  const form = page.locator('#apply form');
  // Longer than a photo is sent (PHOTO_LONG_SIDE): it must be reduced.
  const buffer = await largePhoto({ width: 3200, height: 2400, format: 'jpeg' });
  const photo = { name: 'IMG_0412.jpg', mimeType: 'image/jpeg', buffer };
  const email = uniqueEmail('early-application');
  await fillApplication(form, email, documents({ kcse_file: photo }));
  // What is sent is the point here; the function storing an application: application-form.spec.ts.
  let body: Buffer | null = null;
  let type = '';
  await page.route(`**${APPLICATION_ENDPOINT}`, async (route) => {
    body = route.request().postDataBuffer();
    type = (await route.request().headerValue('content-type'))!;
    await route.fulfill({ status: 200, json: { message: successMessages.application } });
  });
  await wake();
  const note = page.locator('#apply .form-field:has([name="kcse_file"]) .form-field__note');
  await expect(note).toHaveText(/^Photo reduced from/);

  await form.locator('button[type="submit"]').click();
  await expect(page.getByRole('heading', { name: 'Application Successful' })).toBeVisible();
  const parts = parseMultipartBody(type, body!);
  const data = JSON.parse(parts.find((part) => part.name === 'data')!.body.toString());
  expect(data).toMatchObject({ email, fullname: validApplicationData().fullname });
  const sentPhoto = parts.filter((part) => part.name === 'uploaded_files')[applicationFileFields.indexOf('kcse_file')];
  expect(sentPhoto?.contentType).toBe('image/jpeg');
  expect(sentPhoto?.body.length).toBeLessThan(buffer.length);
});
