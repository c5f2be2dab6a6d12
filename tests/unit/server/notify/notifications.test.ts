// The firm hears of every stored submission by e-mail, through a real SMTP
// server started here (tests/support/notifying-handlers.ts): to the right
// address, with every field, what the visitor typed never able to pass for the
// firm's words; and an applicant is acknowledged when the firm wants it.
// When sending fails: notification-failures.test.ts.
import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../../src/lib/privacy.ts';
import { site } from '../../../../src/site.config.ts';
import { CONTACT_ENDPOINT } from '../../../../src/forms/contact/contact.ts';
import { CONSULTATION_ENDPOINT } from '../../../../src/forms/consultation/consultation.ts';
import { createConsultationHandler, createContactHandler } from '../../../../src/server/handlers.ts';
import { createApplicationHandler } from '../../../../src/server/application-handler.ts';
import { bodyText, headerText } from '../../../../src/server/notify/mail.ts';
import { notificationSettingsFromEnv } from '../../../../src/server/notify/settings.ts';
import type { ApplicationRecord, ContactRecord, SubmissionRecord } from '../../../../src/server/submissions/record.ts';
import {
  applicationRequest,
  jsonRequest,
  validApplicationData,
  validConsultation,
  validContact,
} from '../../../../scripts/lib/sample-requests.ts';
import { countingMailer } from '../../../support/counting-mailer.ts';
import { testNotificationSettings } from '../../../support/notification-settings.ts';
import { notifyingHandlersPerTest } from '../../../support/notifying-handlers.ts';

const { database, smtp, log, deps, sendContact, onlyRecord } = notifyingHandlersPerTest();
/** A video consultation's time, as the slots endpoint writes it. */
const CHOSEN_TIME = '2026-12-02T08:45:00+03:00';

describe('when a submission is stored, the firm is e-mailed', () => {
  it('a contact message goes to the contact address, with every field, replying to the sender', async () => {
    const response = await sendContact(deps(smtp.url));
    expect(response.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    const record = await onlyRecord<ContactRecord>('contact');

    expect(mail!.envelope.to).toEqual(['enquiries@mnoadvocates.test']);
    expect(mail!.envelope.from).toBe('website@mnoadvocates.test');
    expect(mail!.subject).toBe('Contact message from Wanjiru Kamau: Estate planning');
    expect(mail!.header('reply-to')).toBe('Wanjiru Kamau <wanjiru@example.co.ke>');
    expect(mail!.header('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    for (const value of Object.values(validContact()).filter(Boolean)) expect(mail!.text).toContain(value);
    expect(mail!.text).toContain(`Reference:  ${record.id}`);
    expect(mail!.text).toContain(`npm run submissions -- show ${record.id}`);

    expect(record.notified).toEqual({
      at: expect.any(String),
      attempts: 1,
      lastError: null,
      lastAttemptAt: record.notified?.at,
    });
  });

  it('a consultation request goes to the consultation address and names the practice area', async () => {
    const response = await createConsultationHandler(deps(smtp.url))(
      jsonRequest(CONSULTATION_ENDPOINT, { form_data: validConsultation() }),
    );
    expect(response.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['consultations@mnoadvocates.test']);
    expect(mail!.subject).toBe('Consultation request (Transgenerational Estate Planning) from Otieno Odhiambo');
    expect(mail!.text).toContain('We run a family business and want to plan its succession.');
    expect((await onlyRecord<SubmissionRecord>('consultation')).notified?.at).toEqual(expect.any(String));
  });

  it('a consultation request shows how and when to reach the person first, and its subject names the way', async () => {
    // Friday 27 November 2026 in Nairobi, when the chosen time is one offered.
    const response = await createConsultationHandler({
      ...deps(smtp.url),
      now: () => new Date('2026-11-27T07:00:00Z'),
    })(
      jsonRequest(CONSULTATION_ENDPOINT, {
        form_data: {
          ...validConsultation(),
          phone: '+44 20 7946 0958',
          contact_method: 'whatsapp',
          meeting_place: 'video',
          preferred_times: ['weekday-mornings', 'saturday-mornings'],
          slot: CHOSEN_TIME,
        },
        lang: 'sw',
      }),
    );
    expect(response.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe(
      'Consultation on Wednesday 2 December 2026 at 08:45 (Nairobi time), Video call: Otieno Odhiambo ' +
        '(Transgenerational Estate Planning), prefers WhatsApp',
    );
    expect(mail!.text).toContain('The visitor wrote from the Kiswahili page');
    // The first lines say the time, and until when it is held: two working days from Friday 10:00.
    expect(mail!.text.split('\n').slice(0, 4).join(' ')).toContain(
      'They chose a time: Wednesday 2 December 2026 at 08:45 (Nairobi time), Video call. It is held for them, ' +
        'and offered to no one else, until Tuesday 1 December 2026 at 10:00 (Nairobi time)',
    );
    const quotedLines = mail!.text.split('\n').filter((line) => line.startsWith('> '));
    expect(quotedLines.slice(0, 9)).toEqual([
      expect.stringMatching(/^> Phone Number: +\+442079460958$/),
      expect.stringMatching(/^> Preferred way to be contacted: +WhatsApp$/),
      expect.stringMatching(/^> Where to meet: +Video call$/),
      expect.stringMatching(/^> Preferred times: +Weekday mornings, Saturday mornings$/),
      expect.stringMatching(/^> Chosen time: +Wednesday 2 December 2026 at 08:45 \(Nairobi time\)$/),
      expect.stringMatching(/^> Practice area: +Transgenerational Estate Planning$/),
      expect.stringMatching(/^> Name: +Otieno Odhiambo$/),
      expect.stringMatching(/^> Email: +otieno@example.com$/),
      '> Additional Information:',
    ]);
  });

  it('a consultation request without the new fields reads as before, in English, noting them blank', async () => {
    await createConsultationHandler(deps(smtp.url))(
      jsonRequest(CONSULTATION_ENDPOINT, { form_data: validConsultation() }),
    );
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Consultation request (Transgenerational Estate Planning) from Otieno Odhiambo');
    expect(mail!.text).not.toContain('Kiswahili');
    expect(mail!.text).toMatch(/^> Preferred way to be contacted: +\(left blank\)$/m);
  });

  it('a contact message from the Kiswahili page says so, in English', async () => {
    await createContactHandler(deps(smtp.url))(
      jsonRequest(CONTACT_ENDPOINT, { form_data: validContact(), lang: 'sw' }),
    );
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Contact message from Wanjiru Kamau: Estate planning');
    expect(mail!.text).toContain(
      'The visitor wrote from the Kiswahili page: they may prefer to be answered in Kiswahili.',
    );
  });

  it('an application goes to the careers address, lists the documents and how to export them, attaching none', async () => {
    const response = await createApplicationHandler(deps(smtp.url))(await applicationRequest());
    expect(response.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    const record = await onlyRecord<ApplicationRecord>('application');

    expect(mail!.envelope.to).toEqual(['recruitment@mnoadvocates.test']);
    expect(mail!.subject).toBe('Pupillage application from Achieng Njeri Mwangi (Kakamega)');
    for (const field of ['fullname', 'email', 'phone', 'identification', 'dob', 'university', 'why_join'] as const) {
      expect(mail!.text).toContain(validApplicationData()[field]);
    }
    expect(mail!.text).toMatch(/^ {2}cv\.docx\s+Word \(\.docx\), [\d.]+ (?:bytes|KB)$/m);
    expect(mail!.text).toMatch(/^ {2}kcse-certificate\.png\s+PNG, \d+ bytes$/m);
    // The names the applicant's files had are theirs: quoted with the rest of what they sent.
    expect(mail!.text).toContain('> CV: "cv.docx"\n> KCSE certificate: "kcse.png"');
    expect(mail!.text).toContain('kenya-school-of-law-enrollment-proof.pdf');
    expect(mail!.text).toContain('llb-degree-certificate.jpg');
    expect(mail!.text).toContain(`npm run submissions -- export ${record.id} --out ~/submissions/${record.id}`);
    expect(mail!.text).toContain(`Privacy notice:  version ${PRIVACY_NOTICE_VERSION}, read and accepted`);
    // One text part: nothing attached, no document bytes.
    expect(mail!.header('content-type')).toMatch(/^text\/plain/);
    expect(mail!.raw).not.toMatch(/Content-Disposition: attachment/i);
    expect(mail!.text).not.toContain('%PDF');
  });

  it('reads SMTP_URL, MAIL_FROM and the recipients from the environment, defaulting to the firm’s addresses', async () => {
    const saved = { ...process.env };
    try {
      process.env.SMTP_URL = smtp.url;
      process.env.MAIL_FROM = 'Website <forms@mnoadvocates.test>';
      process.env.NOTIFY_CONTACT_TO = 'a@mnoadvocates.test, b@mnoadvocates.test';
      delete process.env.NOTIFY_APPLICATION_TO;
      delete process.env.NOTIFY_CONSULTATION_TO;
      const fromEnv = notificationSettingsFromEnv();
      expect(fromEnv.recipients).toEqual({
        contact: ['a@mnoadvocates.test', 'b@mnoadvocates.test'],
        consultation: [site.email.general],
        application: [site.email.careers],
      });
      const response = await createContactHandler({ db: database.db, log })(
        jsonRequest(CONTACT_ENDPOINT, { form_data: validContact() }),
      );
      expect(response.status).toBe(200);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.envelope).toEqual({
        from: 'forms@mnoadvocates.test',
        to: ['a@mnoadvocates.test', 'b@mnoadvocates.test'],
      });
    } finally {
      process.env = saved;
    }
  });
});

describe('what visitors type cannot change a message', () => {
  it('a line break in a name or subject never becomes a header, and the mail reaches only the firm', async () => {
    const response = await sendContact(deps(smtp.url), {
      ...validContact(),
      name: 'Wanjiru\r\nBcc: victim@example.com',
      interest: 'Hello\nX-Injected: yes\r\n\r\nforged body',
    });
    expect(response.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['enquiries@mnoadvocates.test']);
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.headers.has('x-injected')).toBe(false);
    expect(mail!.subject).toBe(
      'Contact message from Wanjiru Bcc: victim@example.com: Hello X-Injected: yes forged body',
    );
    expect(mail!.raw).not.toMatch(/^(Bcc|X-Injected):/im);
    // In the body, a single-line field stays on its line.
    expect(mail!.text).toMatch(/^> Name:\s+Wanjiru Bcc: victim@example\.com$/m);
  });

  it('the firm’s instructions come first, and every line the visitor typed is quoted, so none can pose as instructions', async () => {
    const msg =
      'Please call me.\nIgnore the above, click http://evil.example/login\r\n\r\nReference: 01FAKEFAKEFAKEFAKEFAKEFAKE';
    await sendContact(deps(smtp.url), { ...validContact(), msg });
    const [mail] = await smtp.waitFor(1);
    const record = await onlyRecord<ContactRecord>('contact');
    const lines = mail!.text.split('\n');
    const firstQuoted = lines.findIndex((line) => line.startsWith('>'));
    expect(lines.slice(0, firstQuoted).join('\n')).toMatch(
      new RegExp(`^A new contact message arrived .*\\n\\nReference:  ${record.id}\\nTo reply: .*\\nTo see it again: `),
    );
    for (const line of lines.filter((line) => /Ignore the above|evil|Please call me|01FAKE|Wanjiru/.test(line))) {
      expect(line).toMatch(/^> /);
    }
    expect(mail!.text).toContain(
      '> Message:\n> Please call me.\n> Ignore the above, click http://evil.example/login\n>\n> Reference: 01FAKE',
    );
    expect(
      lines
        .slice(firstQuoted)
        .filter((line) => line !== '')
        .every((line) => line.startsWith('>')),
    ).toBe(true);
  });

  it('markup arrives as the text it is, in a plain-text message with no HTML part', async () => {
    await sendContact(deps(smtp.url), { ...validContact(), msg: '<script>alert(1)</script> <b>bold</b> & "quotes"' });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.header('content-type')).toMatch(/^text\/plain/);
    expect(mail!.raw).not.toMatch(/text\/html/i);
    expect(mail!.text).toContain('<script>alert(1)</script> <b>bold</b> & "quotes"');
  });

  it('header text loses control, format and separator characters; body text keeps its lines but no escapes', () => {
    expect(headerText('a\r\nb\tc\u2028d\u202Ee\u0000f')).toBe('a b c d e f');
    expect(headerText('x'.repeat(200), 20)).toBe(`${'x'.repeat(19)}…`);
    expect(bodyText('line 1\r\nline 2\rline 3\n\u001b[31mred\u001b[0m \u202Eevil')).toBe(
      'line 1\nline 2\nline 3\n[31mred[0m evil',
    );
  });
});

describe('acknowledging applicants (ACKNOWLEDGE_APPLICANTS=true)', () => {
  it('sends the applicant a short, plain confirmation with their reference and the privacy notice', async () => {
    await createApplicationHandler(deps(smtp.url, { acknowledgeApplicants: true }))(await applicationRequest());
    const mails = await smtp.waitFor(2);
    const record = await onlyRecord<ApplicationRecord>('application');
    const acknowledgement = mails.find((mail) => mail.envelope.to.includes('achieng@example.com'))!;
    expect(acknowledgement.envelope.to).toEqual(['achieng@example.com']);
    expect(acknowledgement.subject).toBe('Your pupillage application to MNO Advocates');
    // Nothing the applicant typed but the address it goes to: not even their name.
    expect(acknowledgement.header('to')).toBe('achieng@example.com');
    expect(acknowledgement.header('reply-to')).toBe(`MNO Advocates Careers <${site.email.careers}>`);
    expect(acknowledgement.text).toContain('Dear applicant,');
    expect(acknowledgement.raw).not.toContain('Achieng');
    expect(acknowledgement.text).toContain(`Thank you for applying for pupillage at ${site.name}.`);
    expect(acknowledgement.text).toContain(`Your reference number is ${record.id}.`);
    expect(acknowledgement.text).toContain('https://www.mnoadvocates.co.ke/privacy');
    // Nothing of the application itself is repeated to the address typed into the form.
    expect(acknowledgement.text).not.toContain(validApplicationData().identification);
    expect(acknowledgement.text).not.toContain(validApplicationData().why_join);
  });

  it('sends nothing to the applicant when switched off', async () => {
    const mailer = countingMailer(testNotificationSettings(smtp.url).mailer!);
    await createApplicationHandler(deps(smtp.url, { mailer }))(await applicationRequest());
    // Every e-mail the handler asked for has been sent (or has failed) by now: none is still on its way.
    expect(await mailer.settled()).toBe(1);
    expect(smtp.messages.map((mail) => mail.envelope.to)).toEqual([['recruitment@mnoadvocates.test']]);
  });
});
