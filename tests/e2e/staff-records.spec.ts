// A record's parts from the desk, through `npm start`'s server: an
// application's CV opens through the desk's session and its URL gives nothing
// without it; a consultation's chosen time is confirmed from the desk and booked;
// no serious accessibility violation in the record or the consultations ahead.
import { expect, test } from '@playwright/test';
import { APPLICATION_ENDPOINT } from '../../src/forms/application/application.ts';
import { CONSULTATION_ENDPOINT, SLOTS_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import { applicationRequest, validApplicationData, validConsultation } from '../../scripts/lib/sample-requests.ts';
import { servedDatabase } from '../support/database.ts';
import { seriousViolations } from './support/axe.ts';
import { E2E_ROOT } from './support/e2e-server.ts';
import { openRecordOf, signInNewPerson, staffAddress } from './support/staff.ts';

test('an application’s CV opens from the desk, and its URL without the session gives no file', async ({
  page,
  request,
  baseURL,
}) => {
  const email = staffAddress('applicant');
  const built = await applicationRequest({ data: { ...validApplicationData(), email } });
  const sent = await request.post(APPLICATION_ENDPOINT, {
    headers: { 'content-type': built.headers.get('content-type')!, origin: baseURL! },
    data: Buffer.from(await built.arrayBuffer()),
  });
  expect(sent.status()).toBe(200);

  await signInNewPerson(page, 'staff');
  await page.getByRole('link', { name: 'Applicants' }).click();
  await openRecordOf(page, email);
  const cv = page.getByRole('link', { name: 'CV', exact: true });
  for (const name of ['KCSE certificate', 'KSL proof', 'LLB degree']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  expect(await seriousViolations(page), 'an application').toEqual([]);
  const url = new URL((await cv.getAttribute('href'))!, baseURL).href;
  const opened = await page.request.get(url);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-disposition']).toMatch(/^attachment; filename="cv\.docx"$/);
  expect((await opened.body()).subarray(0, 2).toString()).toBe('PK');

  const withoutSession = await request.get(url, { headers: { cookie: '' } });
  expect(withoutSession.status()).toBe(401);
  expect((await withoutSession.body()).subarray(0, 2).toString()).not.toBe('PK');
});

test('a consultation’s chosen time is confirmed from the desk and booked', async ({ page, request, baseURL }) => {
  const { slots } = (await (await request.get(`${SLOTS_ENDPOINT}?place=nairobi`)).json()) as {
    slots: { start: string }[];
  };
  const start = slots.at(-1)!.start;
  const email = staffAddress('client');
  const sent = await request.post(CONSULTATION_ENDPOINT, {
    headers: { origin: baseURL! },
    data: { form_data: { ...validConsultation(), email, meeting_place: 'nairobi', slot: start } },
  });
  expect(sent.status()).toBe(200);

  await signInNewPerson(page, 'staff');
  await openRecordOf(page, email);
  await expect(page.getByText('(held)')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Confirmed: /)).toBeVisible();
  await expect(page.getByText('(booked)')).toBeVisible();
  expect(await seriousViolations(page), 'a consultation').toEqual([]);
  await page.getByRole('link', { name: 'Consultations' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Consultations' })).toBeVisible();
  await expect(page.getByText('(booked)').first()).toBeVisible();
  expect(await seriousViolations(page), 'the consultations ahead').toEqual([]);

  const db = servedDatabase(E2E_ROOT);
  try {
    const [hold] = await db.query<{ state: string }>(
      `SELECT h.state FROM holds h JOIN submissions s ON s.id = h.submission_id WHERE s.email = $1`,
      [email],
    );
    expect(hold?.state).toBe('confirmed');
  } finally {
    await db.close();
  }
});
