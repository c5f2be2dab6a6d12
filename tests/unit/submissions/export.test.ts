// `npm run submissions -- export <id>` writes a submission to disk for staff to
// hand on: its record as people read it and an application's documents, byte
// for byte as stored, readable by their owner only, never over a file.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validApplicationFiles } from '../../../scripts/lib/sample-requests.ts';
import { applicationFileFields, type ApplicationFileField } from '../../../src/forms/application/application.ts';
import type { ApplicationRecord } from '../../../src/server/submissions/record.ts';
import { fieldLabels } from '../../../src/server/submissions/record-labels.ts';
import { rebuiltCopy } from '../../support/rebuilt-documents.ts';
import { submissionsToolPerTest } from '../../support/submissions-tool.ts';

const tool = submissionsToolPerTest();
const { run, submitAll, record } = tool;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('export', () => {
  it('writes the record as JSON and the four documents, byte-identical to the copies stored, under safe names', async () => {
    const ids = await submitAll();
    const directory = join(tool.scratch, 'applicant');
    const { code, stdout, stderr } = await run(['export', ids.application, '--out', directory]);
    expect(code).toBe(0);
    expect(stdout).toContain(`Exported ${ids.application} to ${directory}`);
    expect(stderr.split('\n').slice(0, 2)).toEqual(['Database: test database', 'Store: test store']);
    expect(stderr.split('\n').slice(2)).toEqual([
      expect.stringMatching(/^\[1\/4\] cv\.docx \([\d.]+ (?:bytes|KB)\)$/),
      expect.stringMatching(/^\[2\/4\] kcse-certificate\.png \(\d+ bytes\)$/),
      expect.stringMatching(/^\[3\/4\] kenya-school-of-law-enrollment-proof\.pdf /),
      expect.stringMatching(/^\[4\/4\] llb-degree-certificate\.jpg /),
    ]);
    expect((await readdir(directory)).sort()).toEqual(
      [
        'cv.docx',
        'kcse-certificate.png',
        'kenya-school-of-law-enrollment-proof.pdf',
        'llb-degree-certificate.jpg',
        'record.json',
      ].sort(),
    );
    const uploads = validApplicationFiles();
    const copies = Object.fromEntries(
      await Promise.all(
        applicationFileFields.map(async (field) => [field, await rebuiltCopy(uploads[field])] as const),
      ),
    ) as Record<ApplicationFileField, Uint8Array>;
    // Written to be handed to the applicant: what staff call each part, never the form's internal names.
    const stored = await record<ApplicationRecord>(ids.application);
    const exported = JSON.parse(await readFile(join(directory, 'record.json'), 'utf8')) as Record<string, unknown>;
    expect(exported).toEqual({
      Form: 'Pupillage application',
      Reference: ids.application,
      Received: stored.receivedAt,
      Fields: expect.objectContaining({
        'Full Name': 'Achieng Njeri Mwangi',
        'Email Address': 'achieng@example.com',
        'ID/Passport No.': '30123456',
        'Work Location': 'Kakamega',
        [fieldLabels.application.why_join!]: stored.fields.why_join,
      }),
      Documents: applicationFileFields.map((field) => ({
        Document: expect.any(String),
        'File in this folder': expect.any(String),
        'Name when sent': uploads[field].name,
        Type: expect.any(String),
        Bytes: copies[field].byteLength,
        'SHA-256': sha256(copies[field]),
      })),
      Declaration: {
        Text: stored.consent.declaration,
        Confirmed: stored.receivedAt,
        'Privacy notice version': stored.consent.privacyNoticeVersion,
        'Privacy notice read and accepted': stored.receivedAt,
      },
      'E-mailed to our staff': null,
    });
    expect(Object.keys(exported.Fields as object)).toHaveLength(Object.keys(stored.fields).length);
    expect(JSON.stringify(exported)).not.toMatch(/"(fullname|identification|work_location|why_join|cv_file)"/);
    const names = {
      cv_file: 'cv.docx',
      kcse_file: 'kcse-certificate.png',
      ksl_file: 'kenya-school-of-law-enrollment-proof.pdf',
      llb_degree_file: 'llb-degree-certificate.jpg',
    };
    for (const field of applicationFileFields) {
      expect(sha256(await readFile(join(directory, names[field])))).toBe(sha256(copies[field]));
    }
    // Personal data: readable by its owner only.
    expect((await stat(join(directory, 'record.json'))).mode & 0o077).toBe(0);

    const again = await run(['export', ids.application, '--out', directory]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it('exports an enquiry as its record alone, and needs --out', async () => {
    const ids = await submitAll();
    expect((await run(['export', ids.contact, '--out', join(tool.scratch, 'enquiry')])).code).toBe(0);
    expect(await readdir(join(tool.scratch, 'enquiry'))).toEqual(['record.json']);
    const exported = JSON.parse(await readFile(join(tool.scratch, 'enquiry', 'record.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(exported).toMatchObject({
      Form: 'Contact message',
      Reference: ids.contact,
      Fields: {
        Name: 'Wanjiru Kamau',
        Email: 'wanjiru@example.co.ke',
        'Phone Number': '0722 000 111',
        Subject: 'Estate planning',
        Message: 'I would like advice on writing a will for my family.',
      },
    });
    expect(JSON.stringify(exported)).not.toMatch(/"(interest|msg)"/);
    expect((await run(['export', ids.contact])).code).toBe(2);
  });
});
