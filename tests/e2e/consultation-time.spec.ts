// Choosing a consultation time on a phone, in a real browser against the real
// functions: the free times of the chosen place appear by day in Nairobi time,
// the chosen one is sent as form_data.slot, stored and no longer offered; a
// visitor who chose a time another has just taken is told so and shown the
// times still free; in Kiswahili, the days are named in Kiswahili. Staff
// confirm the time from their link's page, by its button.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { consultationCopy, SLOTS_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import { answerLinks } from '../../src/server/bookings/answer-links.ts';
import { TIME_TAKEN } from '../../src/server/bookings/chosen-time.ts';
import { successMessages } from '../../src/server/handlers.ts';
import { control, openForm, uniqueEmail } from './support/forms.ts';
import { E2E_LINK_SECRET } from './support/link-secret.ts';
import { findStoredRecord } from './support/stored-submissions.ts';

test.use({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });

const openConsultation = (page: Page, path = '/practice-area/employment-law') =>
  openForm(page, path, '.practice-body__form');

/** Chooses `place` and waits for its times; the first free one's value and its option's words. */
async function chooseFirstTime(form: Locator, place: string): Promise<{ start: string; words: string }> {
  await control(form, 'meeting_place').selectOption(place);
  const times = control(form, 'slot');
  await expect(times).toBeEnabled();
  const first = times.locator('option:not([value=""])').first();
  const start = (await first.getAttribute('value'))!;
  await times.selectOption(start);
  return { start, words: (await first.textContent())! };
}

/** Whether the chosen option's words fit inside the closed select, beside its arrow, in the select's font. */
function chosenTextFits(select: HTMLSelectElement): boolean {
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const words = context.measureText(select.selectedOptions[0]!.textContent!).width;
  const arrow = style.appearance === 'none' ? 0 : 24;
  return words <= select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
}

const freeTimes = async (page: Page, place: string) =>
  (
    (await (await page.request.get(`${SLOTS_ENDPOINT}?place=${place}`)).json()) as { slots: { start: string }[] }
  ).slots.map((slot) => slot.start);

test('a visitor chooses a place and one of its free times, which is sent, stored and then no longer free', async ({
  page,
}) => {
  const form = await openConsultation(page);
  const times = form.getByLabel(/Chosen time/);
  await expect(times).toBeDisabled();
  await expect(form.getByText(consultationCopy.en.times.choosePlace)).toBeVisible();

  const { start, words } = await chooseFirstTime(form, 'nairobi');
  expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+03:00$/);
  expect(words).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} \w{3}, \d{2}:\d{2}$/);
  await expect(form.getByText(consultationCopy.en.times.shown(45))).toBeVisible();
  // The picker fits the phone's screen, and so does the chosen time's text in it.
  const box = (await times.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await times.evaluate(chosenTextFits)).toBe(true);

  const email = uniqueEmail('consultation-time');
  await control(form, 'name').fill('Otieno Odhiambo');
  await control(form, 'email').fill(email);
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('inquiryform'));
  await form.getByRole('button', { name: 'Send Request' }).click();
  expect((await sent).postDataJSON().form_data).toMatchObject({ meeting_place: 'nairobi', slot: start });
  await expect(form.getByRole('status')).toHaveText(successMessages.consultation);
  await expect(form.getByText(consultationCopy.en.times.choosePlace)).toBeVisible();

  const record = await findStoredRecord('consultation', (stored) => stored.fields.email === email);
  expect(record.fields).toMatchObject({ meeting_place: 'nairobi', slot: start });
  expect(await freeTimes(page, 'nairobi')).not.toContain(start);

  // Staff open the confirm link of their e-mail on a phone: a page with a button, which books the time.
  const origin = new URL(page.url()).origin;
  const links = answerLinks(record.id, { secret: E2E_LINK_SECRET, origin }, new Date(start));
  await page.goto(links.confirm);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^Confirm the consultation on .+, Nairobi office\?$/,
  );
  await page.getByRole('button', { name: 'Confirm' }).click();
  // This server e-mails nobody, and says so; the time is booked all the same.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Done, but the visitor was not e-mailed');
  await page.goto(links.decline);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Already confirmed');
});

test('a time another visitor has just taken is refused, and the times still free are shown', async ({ browser }) => {
  const [first, second] = await Promise.all([browser.newPage(), browser.newPage()]);
  for (const page of [first, second]) await page.setViewportSize({ width: 375, height: 740 });
  const [formA, formB] = await Promise.all([openConsultation(first), openConsultation(second)]);
  const chosen = await chooseFirstTime(formA, 'kakamega');
  expect((await chooseFirstTime(formB, 'kakamega')).start).toBe(chosen.start);

  for (const [form, who] of [
    [formA, 'first'],
    [formB, 'second'],
  ] as const) {
    await control(form, 'name').fill(`Visitor ${who}`);
    await control(form, 'email').fill(uniqueEmail(`time-${who}`));
  }
  await formA.getByRole('button', { name: 'Send Request' }).click();
  await expect(formA.getByRole('status')).toHaveText(successMessages.consultation);
  await formB.getByRole('button', { name: 'Send Request' }).click();
  await expect(formB.getByRole('alert')).toContainText(TIME_TAKEN.en);
  const times = control(formB, 'slot');
  await expect(times).toHaveValue('');
  await expect(times.locator(`option[value="${chosen.start}"]`)).toHaveCount(0);
  await expect(times.locator('option:not([value=""])').first()).toBeAttached();
  await Promise.all([first.close(), second.close()]);
});

test('in Kiswahili, the times are named by Kiswahili days and the form says so in Kiswahili', async ({ page }) => {
  const form = await openConsultation(page, '/sw/practice-area/employment-law');
  await expect(form.getByText(consultationCopy.sw.times.choosePlace)).toBeVisible();
  const { words } = await chooseFirstTime(form, 'video');
  expect(words).toMatch(/^(Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa), \d{1,2} \w{3}, \d{2}:\d{2}$/);
  await expect(form.getByText(consultationCopy.sw.times.shown(45))).toBeVisible();
  await expect(form.locator('optgroup').first()).toHaveAttribute(
    'label',
    /^(Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa), \d{1,2} \w+$/,
  );
  await expect(form.getByLabel(/Muda uliouchagua/)).toHaveValue(/\+03:00$/);
});
