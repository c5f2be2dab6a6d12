// Applicants photograph their certificates with a phone: on a 375 px phone
// screen, a 12-megapixel camera photo is reduced in the browser so it fits the
// 2 MB a file may be, stays upright, and the application goes through.
import { expect, test, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import {
  APPLICATION_ENDPOINT,
  fileMessages,
  formatBytes,
  MAX_FILE_BYTES,
} from '../../src/forms/application/application.ts';
import { applicationButtonLabels } from '../../src/islands/ApplicationForm.tsx';
import { PHOTO_LONG_SIDE } from '../../src/forms/application/photo-reduction.ts';
import { pdfBytes } from '../../scripts/lib/sample-documents.ts';
import { cameraPhoto, TOP_BAND } from '../../scripts/lib/photos.ts';
import { documents, fillApplication, openApplication, type ChosenDocument } from './support/application.ts';
import { control, expectFieldMessage, uniqueEmail } from './support/forms.ts';
import { parseMultipartBody } from './support/multipart.ts';
import { findStoredRecord, hasStoredRecord, readStoredBlob } from './support/stored-submissions.ts';

/** What Netlify takes in one request, with room to spare for base64 (src/forms/application/application.ts). */
const REQUEST_LIMIT_BYTES = 4.5 * 1000 * 1000;
const PHOTO_WORKER = '**/_astro/photo-worker*.js';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const pdf = (name: string): ChosenDocument => ({ name, mimeType: 'application/pdf', buffer: pdfBytes(name) });
const threeSmallPdfs = { cv_file: pdf('cv.pdf'), ksl_file: pdf('ksl-admission.pdf'), llb_degree_file: pdf('llb.pdf') };

/**
 * The next application the form sends, caught in a route: there Playwright
 * has the multipart body, which the page's request events leave out. With
 * `held`, it reaches the function only on `release()`, so the form (and the
 * field notes a test reads) stays until then rather than give way to the
 * success screen.
 */
async function nextApplication(
  page: Page,
  { held = false } = {},
): Promise<{ sent: Promise<Request>; release: () => void }> {
  let caught!: (request: Request) => void;
  const sent = new Promise<Request>((resolve) => (caught = resolve));
  let release!: () => void;
  const released = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  await page.route(
    `**${APPLICATION_ENDPOINT}`,
    async (route) => {
      caught(route.request());
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  // Wrapped: an async function would otherwise wait for the request itself.
  return { sent, release: () => release?.() };
}

/** The field's note under the control (the polite live region). */
const noteOf = (page: Page, name: string) => page.locator(`#apply .form-field:has([name="${name}"]) .form-field__note`);

/**
 * Milliseconds from choosing `file` for `name` until the field says the photo
 * was reduced: the decoding, scaling and encoding, as the person waits for it.
 */
async function timeReduction(page: Page, name: string, file: ChosenDocument): Promise<number> {
  await page.evaluate((field) => {
    const input = document.querySelector<HTMLInputElement>(`#apply [name="${field}"]`)!;
    const note = input.closest('.form-field')!.querySelector('.form-field__note')!;
    (window as TimedWindow).photoReduced = new Promise((resolve) => {
      const onChosen = () => {
        const chosenAt = performance.now();
        new MutationObserver((_, observer) => {
          if (!note.textContent?.startsWith('Photo reduced')) return;
          observer.disconnect();
          resolve(performance.now() - chosenAt);
        }).observe(note, { childList: true, characterData: true, subtree: true });
      };
      input.addEventListener('change', onChosen, { once: true });
    });
  }, name);
  await page.locator(`#apply [name="${name}"]`).setInputFiles(file);
  return page.evaluate(() => (window as TimedWindow).photoReduced!);
}

type TimedWindow = Window & { photoReduced?: Promise<number> };

test.describe('a phone photo of a certificate', () => {
  // Making and decoding 12-megapixel photos takes seconds on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('is reduced in the browser, waited for on submit, sent with three PDFs in under 4.5 MB, and stored upright', async ({
    page,
    context,
  }) => {
    const photo = await cameraPhoto({ portrait: true, seed: 5 });
    expect(photo.length).toBeGreaterThan(3 * 1000 * 1000);
    const stored = await sharp(photo).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([4000, 3000, 6]);

    // The worker's script is held back, so the photo is still being reduced when Submit is pressed.
    let releaseWorker!: () => void;
    const workerReleased = new Promise<void>((resolve) => (releaseWorker = resolve));
    let workersHeld = 0;
    await context.route(PHOTO_WORKER, async (route) => {
      workersHeld++;
      await workerReleased;
      await route.continue();
    });

    const form = await openApplication(page);
    const email = uniqueEmail('application-photo');
    const chosen = { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo };
    await fillApplication(form, email, documents({ ...threeSmallPdfs, kcse_file: chosen }));

    const button = form.locator('button[type="submit"]');
    await expect(button).toHaveText(applicationButtonLabels.preparingPhoto);
    await expect(button).toHaveAttribute('aria-busy', 'true');
    // Each request to the API notes whether the photo could have been reduced by then.
    let workerOut = false;
    const sentWhileReducing: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/') && !workerOut) sentWhileReducing.push(request.url());
    });
    // A person can press it: it is only marked busy (aria-disabled), which Playwright would wait out.
    await button.click({ force: true });
    await expect(control(form, 'kcse_file')).not.toHaveAttribute('aria-invalid', /.*/);

    const { sent, release } = await nextApplication(page, { held: true });
    workerOut = true;
    releaseWorker();
    const request = await sent;
    expect(sentWhileReducing, 'nothing is sent while the photo is being reduced').toEqual([]);
    expect(workersHeld, 'the photo was reduced in the worker').toBe(1);

    const body = request.postDataBuffer()!;
    expect(body.length, 'the request fits what Netlify accepts').toBeLessThan(REQUEST_LIMIT_BYTES);
    const parts = parseMultipartBody((await request.allHeaders())['content-type']!, body);
    const kcse = parts[2]!;
    expect([kcse.filename, kcse.contentType]).toEqual(['IMG_2041.jpg', 'image/jpeg']);
    expect(kcse.body.length).toBeLessThanOrEqual(MAX_FILE_BYTES);
    expect(JSON.parse(parts[0]!.body.toString('utf8'))).toMatchObject({ kcse_file: 'IMG_2041.jpg' });

    // The field says what happened, in a polite live region below the control.
    const note = noteOf(page, 'kcse_file');
    await expect(note).toHaveText(
      `Photo reduced from ${formatBytes(photo.length)} to ${formatBytes(kcse.body.length)}`,
    );
    await expect(note).toHaveAttribute('aria-live', 'polite');
    const [input, shown] = [(await control(form, 'kcse_file').boundingBox())!, (await note.boundingBox())!];
    expect(shown.y).toBeGreaterThanOrEqual(input.y + input.height);
    release();

    await expect(page.locator('#apply').getByRole('heading', { name: 'Application Successful' })).toBeVisible({
      timeout: 20_000,
    });

    const record = await findStoredRecord('application', (candidate) => candidate.fields.email === email);
    const file = record.files.find((candidate) => candidate.field === 'kcse_file')!;
    expect(file.originalName).toBe('IMG_2041.jpg');
    const image = sharp(await readStoredBlob(file.key));
    const metadata = await image.metadata();
    expect(metadata.format).toBe('jpeg');
    // Portrait, as the photo was taken: 1,800 × 2,400 with nothing left to turn.
    expect([metadata.width, metadata.height]).toEqual([1800, PHOTO_LONG_SIDE]);
    expect(metadata.orientation ?? 1).toBe(1);
    // The red band the camera saw at the top is at the top.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const redness = (y: number) => {
      const i = (y * info.width + Math.floor(info.width / 2)) * info.channels;
      return data[i]! - data[i + 2]!;
    };
    expect(redness(Math.floor(info.height * TOP_BAND * 0.5))).toBeGreaterThan(150);
    expect(redness(Math.floor(info.height * (1 - TOP_BAND * 0.5)))).toBeLessThan(150);
  });

  test('is reduced in a worker, or on the main thread where there is no OffscreenCanvas, within seconds', async ({
    page,
  }, testInfo) => {
    const photo = { name: 'IMG_2042.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto({ seed: 6 }) };
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await openApplication(page);
    const inWorker = await timeReduction(page, 'kcse_file', photo);
    expect(workers).toHaveLength(1);

    await page.addInitScript(() => Reflect.deleteProperty(window, 'OffscreenCanvas'));
    await openApplication(page);
    const onMainThread = await timeReduction(page, 'kcse_file', photo);
    expect(workers, 'no second worker').toHaveLength(1);

    const note = await noteOf(page, 'kcse_file').textContent();
    const timings = `12 MP photo: ${note}, in ${Math.round(inWorker)} ms in a worker, ${Math.round(onMainThread)} ms on the main thread`;
    testInfo.annotations.push({ type: 'timing', description: timings });
    console.log(timings);
    // Generous: a phone is slower than this machine, and this machine is often busy.
    expect(inWorker).toBeLessThan(10_000);
  });

  test('that turns out not to be a picture is refused as too large, and nothing is sent', async ({ page }) => {
    // JPEG's first bytes, then 3 MB of nothing a decoder can read.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3 * 1024 * 1024, 0x5a)]);
    const form = await openApplication(page);
    const email = uniqueEmail('application-broken-photo');
    const requests: string[] = [];
    page.on('request', (request) => request.url().includes('/api/') && requests.push(request.url()));
    await fillApplication(
      form,
      email,
      documents({ ...threeSmallPdfs, kcse_file: { name: 'kcse.jpg', mimeType: 'image/jpeg', buffer: broken } }),
    );

    const message = fileMessages.tooLarge('kcse_file', 'kcse.jpg', broken.length);
    await expectFieldMessage(form, 'kcse_file', message);
    await expect(form.locator('button[type="submit"]')).toHaveText(applicationButtonLabels.idle);
    await form.locator('button[type="submit"]').click();
    await expectFieldMessage(form, 'kcse_file', message);
    await expect(control(form, 'kcse_file')).toBeFocused();
    expect(requests).toEqual([]);
    expect(await hasStoredRecord('application', (stored) => stored.fields.email === email)).toBe(false);
  });

  test('taken as WebP is always sent as a JPEG, which the firm’s server accepts', async ({ page }) => {
    const webp = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c8b89a' } })
      .webp()
      .toBuffer();
    const form = await openApplication(page);
    await expect(control(form, 'llb_degree_file')).toHaveAttribute('accept', /image\/webp/);
    await expect(control(form, 'cv_file')).not.toHaveAttribute('accept', /image/);
    const email = uniqueEmail('application-webp');
    await fillApplication(
      form,
      email,
      documents({ llb_degree_file: { name: 'degree.webp', mimeType: 'image/webp', buffer: webp } }),
    );
    await expect(noteOf(page, 'llb_degree_file')).toHaveText(/^Photo (reduced from|converted to JPEG)/);

    const { sent } = await nextApplication(page);
    await form.locator('button[type="submit"]').click();
    const request = await sent;
    const parts = parseMultipartBody((await request.allHeaders())['content-type']!, request.postDataBuffer()!);
    expect([parts[4]!.filename, parts[4]!.contentType]).toEqual(['degree.jpg', 'image/jpeg']);
    await expect(page.locator('#apply').getByRole('heading', { name: 'Application Successful' })).toBeVisible({
      timeout: 20_000,
    });
    const record = await findStoredRecord('application', (candidate) => candidate.fields.email === email);
    const stored = record.files.find((candidate) => candidate.field === 'llb_degree_file')!;
    expect((await sharp(await readStoredBlob(stored.key)).metadata()).format).toBe('jpeg');
  });
});
