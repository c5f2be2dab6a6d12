// Requests sent from the Kiswahili pages reach the firm's mailbox: served as
// `npm start` serves the site (scripts/serve.ts: the real functions, the
// embedded database) with a real SMTP server. The visitor is answered in Kiswahili;
// staff read the e-mail in English, told the visitor wrote from the Kiswahili
// page, and a consultation's subject names the practice area and the way the
// visitor prefers to be contacted. A request with a chosen time is confirmed
// from the staff e-mail's link, and the visitor e-mailed in Kiswahili with a
// calendar invitation, read by independent parsers (postal-mime, ical.js).
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validConsultation, validContact } from '../../scripts/lib/sample-requests.ts';
import { startServe, type RunningServer } from '../../scripts/lib/serve-process.ts';
import {
  CONSULTATION_ENDPOINT,
  meetingPlaces,
  preferredTimes,
  SLOTS_ENDPOINT,
} from '../../src/forms/consultation/consultation.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { enquirySuccessMessages } from '../../src/server/handlers.ts';
import { functionsOnlyProject } from '../support/functions-only-project.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.ts';

const TIMEOUT = 180_000;
const CONTACT_TO = 'enquiries@mnoadvocates.test';
const CONSULTATION_TO = 'consultations@mnoadvocates.test';
const WROTE_IN_KISWAHILI = 'The visitor wrote from the Kiswahili page';

describe('requests from the Kiswahili pages in the staff mailbox', { timeout: TIMEOUT }, () => {
  let root: string;
  let smtp: TestSmtpServer | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    root = await functionsOnlyProject('kiswahili-mail-');
    smtp = await startSmtpServer();
    server = await startServe(root, {
      SMTP_URL: smtp.url,
      NOTIFY_CONTACT_TO: CONTACT_TO,
      NOTIFY_CONSULTATION_TO: CONSULTATION_TO,
    });
  }, TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const send = (endpoint: string, formData: Record<string, unknown>) =>
    fetch(`${server!.url}${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server!.url, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ form_data: formData, lang: 'sw' }),
    });

  /** The one message that went to `to` and carries `marker`. */
  async function staffMailWith(to: string, marker: string) {
    await expect.poll(() => smtp!.messages.some((mail) => mail.text.includes(marker)), { timeout: 30_000 }).toBe(true);
    const mails = smtp!.messages.filter((mail) => mail.envelope.to.includes(to) && mail.text.includes(marker));
    expect(mails).toHaveLength(1);
    return mails[0]!;
  }

  it('a contact message is answered in Kiswahili and e-mailed to staff in English, marked as from the Kiswahili page', async () => {
    const marker = `ardhi-${randomUUID()}`;
    const answer = await send(CONTACT_ENDPOINT, { ...validContact(), msg: `Nina swali kuhusu hati miliki. ${marker}` });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ message: enquirySuccessMessages.sw.contact });

    const mail = await staffMailWith(CONTACT_TO, marker);
    expect(mail.subject).toMatch(/^Contact message from /);
    expect(mail.text).toContain(WROTE_IN_KISWAHILI);
    expect(mail.text).toContain('A new contact message arrived through the website');
  });

  it('a consultation request is answered in Kiswahili; its e-mail names the practice area and the channel, its new fields first', async () => {
    const marker = `mirathi-${randomUUID()}`;
    const request = validConsultation();
    const answer = await send(CONSULTATION_ENDPOINT, {
      ...request,
      info: `Tunataka kupanga mirathi ya biashara ya familia. ${marker}`,
      phone: '0722 514 380',
      contact_method: 'whatsapp',
      meeting_place: 'kakamega',
      preferred_times: ['weekday-mornings', 'saturday-mornings'],
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ message: enquirySuccessMessages.sw.consultation });

    const mail = await staffMailWith(CONSULTATION_TO, marker);
    expect(mail.subject).toBe(`Consultation request (${request.practice}) from ${request.name}, prefers WhatsApp`);
    expect(mail.text).toContain(WROTE_IN_KISWAHILI);
    // What the firm acts on comes first, in English: before the visitor's name and what they wrote.
    for (const arrangement of [
      '+254722514380',
      meetingPlaces['kakamega']!.en,
      preferredTimes['weekday-mornings'].en,
      preferredTimes['saturday-mornings'].en,
    ]) {
      expect(mail.text).toContain(arrangement);
      expect(mail.text.indexOf(arrangement)).toBeLessThan(mail.text.search(/^> Name:/m));
    }
  });

  it('a request with a chosen time: staff confirm it from the e-mail, and the visitor gets a Kiswahili confirmation with the invitation', async () => {
    const slots = (await (await fetch(`${server!.url}${SLOTS_ENDPOINT}?place=nairobi`)).json()) as {
      slots: Array<{ start: string }>;
    };
    const start = slots.slots.at(-1)!.start;
    const marker = `muda-${randomUUID()}`;
    const visitor = `${marker}@example.com`;
    const answer = await send(CONSULTATION_ENDPOINT, {
      ...validConsultation(),
      email: visitor,
      info: marker,
      meeting_place: 'nairobi',
      slot: start,
    });
    expect(answer.status, await answer.clone().text()).toBe(200);

    const mail = await staffMailWith(CONSULTATION_TO, marker);
    expect(mail.subject).toMatch(
      /^Consultation on \w+ \d+ \w+ \d{4} at \d{2}:\d{2} \(Nairobi time\), Nairobi office: /,
    );
    // The link names the site's public origin; here the site is a test port.
    const onServer = (kind: string) => {
      const href = mail.text.match(new RegExp(`https?://\\S+/api/v1/bookings/\\S+/${kind}\\?\\S+`))![0];
      return `${server!.url}${new URL(href).pathname}${new URL(href).search}`;
    };
    const page = await fetch(onServer('confirm'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Confirm</button>');
    expect(smtp!.messages.some((received) => received.envelope.to.includes(visitor))).toBe(false);

    expect((await fetch(onServer('confirm'), { method: 'POST' })).status).toBe(200);
    await expect
      .poll(() => smtp!.messages.some((received) => received.envelope.to.includes(visitor)), { timeout: 30_000 })
      .toBe(true);
    const confirmation = await PostalMime.parse(
      smtp!.messages.find((received) => received.envelope.to.includes(visitor))!.raw,
    );
    expect(confirmation.subject).toMatch(/^Mashauriano yamethibitishwa: /);
    expect(confirmation.text).toContain('Tumethibitisha mashauriano yako');
    const calendar = [...(confirmation.attachments ?? [])].find((part) => part.mimeType === 'text/calendar');
    const ics = typeof calendar!.content === 'string' ? calendar!.content : new TextDecoder().decode(calendar!.content);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(new ICAL.Component(ICAL.parse(ics)).getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(start).toISOString());
    expect(event.uid).toMatch(/^consultation-[0-9A-Z]{26}@/);
  });
});
