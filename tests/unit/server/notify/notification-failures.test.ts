// A failed notification never fails or loses the submission: with the mail
// server down, silent, refusing or not offering TLS, or with none configured,
// the visitor is thanked, the record says it was not notified, and the log
// says why without the recipients' addresses. The handlers and servers:
// tests/support/notifying-handlers.ts.
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { successMessages } from '../../../../src/server/handlers.ts';
import { smtpTransportOptions, type Mailer } from '../../../../src/server/notify/mail.ts';
import type { ContactRecord } from '../../../../src/server/submissions/record.ts';
import { validContact } from '../../../../scripts/lib/sample-requests.ts';
import { notifyingHandlersPerTest } from '../../../support/notifying-handlers.ts';
import { messageOf } from '../../../support/requests.ts';
import { refusedSmtpUrl, startSilentServer, startSmtpServer } from '../../../support/smtp.ts';

const { database, smtp, logged, deps, sendContact, onlyRecord } = notifyingHandlersPerTest();

describe('a failed notification never fails or loses the submission', () => {
  it('with the mail server down, the visitor is thanked, the record is stored as not notified, and the failure logged with its id', async () => {
    const response = await sendContact(deps(await refusedSmtpUrl()));
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.contact);
    const record = await onlyRecord<ContactRecord>('contact');
    expect(record.fields.name).toBe('Wanjiru Kamau');
    expect(record.notified).toEqual({
      at: null,
      attempts: 1,
      lastError: expect.stringMatching(/ECONNREFUSED|ECONNECTION/),
      lastAttemptAt: expect.any(String),
    });
    expect(logged).toContainEqual(
      expect.objectContaining({
        submissionId: record.id,
        form: 'contact',
        what: expect.stringContaining('notify the firm'),
      }),
    );
  });

  it('a mail server that never answers holds the visitor only until the deadline', async () => {
    const silent = await startSilentServer();
    try {
      const started = Date.now();
      const response = await sendContact(deps(silent.url, {}, 400));
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_000);
      const record = await onlyRecord<ContactRecord>('contact');
      expect(record.notified).toMatchObject({
        at: null,
        attempts: 1,
        lastError: expect.stringMatching(/gave up waiting for the mail server; cause: TimeoutError: /),
      });
    } finally {
      await silent.stop();
    }
  });

  it('with no SMTP configured, submissions are stored and answered, and the log says notifications are off (once)', async () => {
    const handlerDeps = deps(null);
    expect((await sendContact(handlerDeps)).status).toBe(200);
    expect((await sendContact(handlerDeps, { ...validContact(), name: 'Second Sender' })).status).toBe(200);
    const warnings = logged.filter((entry) => String(entry.what).startsWith('notifications are off'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn', submissionId: expect.any(String) });
    expect(await database.db.query(`SELECT type, notified FROM submissions`)).toEqual([
      { type: 'contact', notified: null },
      { type: 'contact', notified: null },
    ]);
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('what a failure leaves in the log', () => {
  it('names what caused it', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.25:587'), { code: 'ECONNREFUSED' });
    const failing: Mailer = {
      send: async () => Promise.reject(new Error('Could not reach the relay', { cause: refused })),
    };
    await sendContact(deps(null, { mailer: failing }));
    const entry = logged.find((item) => String(item.what).startsWith('notify the firm'));
    expect(entry?.detail).toBe(
      'Could not reach the relay; cause: Error: ECONNREFUSED: connect ECONNREFUSED 10.0.0.25:587',
    );
  });

  it('cuts the recipients’ addresses a mail server refused to their first letter and domain', async () => {
    const refusing = await startSmtpServer({ refuseRecipients: true });
    try {
      await sendContact(deps(refusing.url));
      const entry = logged.find((item) => String(item.what).startsWith('notify the firm'));
      expect(entry?.detail).toMatch(/^EENVELOPE: .*<e\*\*\*@mnoadvocates\.test>: Recipient address rejected/);
      expect(JSON.stringify(logged)).not.toContain('enquiries@');
      expect((await onlyRecord<ContactRecord>('contact')).notified?.lastError).not.toContain('enquiries@');
    } finally {
      await refusing.stop();
    }
  });
});

describe('the connection to the mail server', () => {
  it('must turn to TLS with STARTTLS for smtp:// to any host but this machine; smtps:// is TLS throughout', () => {
    expect(smtpTransportOptions('smtp://user:secret@smtp.example.com:587')).toMatchObject({ requireTLS: true });
    expect(smtpTransportOptions('smtp://user:secret@SMTP.example.com')).toMatchObject({ requireTLS: true });
    for (const local of ['smtp://127.0.0.1:2525', 'smtp://localhost:25', 'smtp://[::1]:2525']) {
      expect(smtpTransportOptions(local)).toMatchObject({ requireTLS: false });
    }
    expect(smtpTransportOptions('smtps://user:secret@smtp.example.com:465')).toMatchObject({
      requireTLS: false,
      url: 'smtps://user:secret@smtp.example.com:465',
    });
  });

  const outwardAddress = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

  it.skipIf(!outwardAddress)('sends nothing to a server off this machine that cannot do STARTTLS', async () => {
    const plain = await startSmtpServer({ host: outwardAddress! });
    try {
      const response = await sendContact(deps(plain.url));
      expect(response.status).toBe(200);
      expect((await onlyRecord<ContactRecord>('contact')).notified?.lastError).toMatch(/^ETLS: .*STARTTLS/);
      expect(plain.messages).toEqual([]);
    } finally {
      await plain.stop();
    }
  });
});
