// A person's data request, by the e-mail address they gave on any form: staff
// find everything they sent, export it to hand over (never into a project or a
// git work tree) and erase it, keeping a note of the erasure without the address.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  applicationRequest,
  jsonRequest,
  validApplicationData,
  validApplicationFiles,
  validConsultation,
  validContact,
} from '../../../scripts/lib/sample-requests.ts';
import { createApplicationHandler } from '../../../src/server/application-handler.ts';
import { createConsultationHandler, createContactHandler } from '../../../src/server/handlers.ts';
import type { Database } from '../../../src/server/db/database.ts';
import { eraseSubmissions } from '../../../src/server/submissions/erasures.ts';
import { submissionsFrom } from '../../../src/server/submissions/read.ts';
import { rebuiltCopy } from '../../support/rebuilt-documents.ts';
import { submissionsToolPerTest, TOOL_NOW } from '../../support/submissions-tool.ts';

const tool = submissionsToolPerTest();
const { run, handlerDeps, submit, idsLeft, documentsLeft } = tool;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('a data request, by the e-mail address the person gave', () => {
  const address = 'wanjiru@example.co.ke';

  /**
   * Three submissions from one person, who typed their address differently on each form, and
   * three from two others; ids of both, the person's oldest first.
   */
  async function submitPeople() {
    const at = (minutes: number) => handlerDeps(new Date(TOOL_NOW.getTime() + minutes * 60_000));
    const contact = (minutes: number, form: Record<string, unknown>) =>
      submit('contact', () =>
        createContactHandler(at(minutes))(
          jsonRequest('/api/v1/client/contactform', { form_data: { ...validContact(), ...form } }),
        ),
      );
    const person = [
      await contact(0, { email: 'Wanjiru@Example.co.ke' }),
      await submit('consultation', () =>
        createConsultationHandler(at(1))(
          jsonRequest('/api/v1/client/inquiryform', {
            form_data: { ...validConsultation(), name: 'Wanjiru Kamau', email: 'WANJIRU@EXAMPLE.CO.KE' },
          }),
        ),
      ),
      await submit('application', async () =>
        createApplicationHandler(at(2))(
          await applicationRequest({
            data: { ...validApplicationData(), fullname: 'Wanjiru Kamau', email: address },
          }),
        ),
      ),
    ];
    const others = [
      await contact(3, { name: 'Otieno Odhiambo', email: 'otieno@example.com' }),
      await submit('consultation', () =>
        createConsultationHandler(at(4))(jsonRequest('/api/v1/client/inquiryform', { form_data: validConsultation() })),
      ),
      await submit('application', async () => createApplicationHandler(at(5))(await applicationRequest())),
    ];
    return { person, others };
  }

  it('find lists everything one person sent, on any form and in any case, and --json prints list --json’s rows with their alerts', async () => {
    const { person, others } = await submitPeople();
    const found = await run(['find', '--email', address]);
    expect(found.code).toBe(0);
    const rows = found.stdout.split('\n');
    expect(rows.slice(1, 4).map((row) => row.slice(0, 26))).toEqual([...person].reverse());
    expect(found.stdout).toContain(`3 submissions from ${address}.`);
    for (const id of others) expect(found.stdout).not.toContain(id);

    const json = JSON.parse((await run(['find', '--email', 'WanJiru@example.CO.KE', '--json'])).stdout) as {
      submissions: Array<{ id: string }>;
      alerts: unknown;
    };
    const listed = JSON.parse((await run(['list', '--json'])).stdout) as Array<{ id: string }>;
    expect(json.submissions).toEqual(listed.filter((row) => person.includes(row.id)));
    expect(json.submissions.map((row) => row.id)).toEqual([...person].reverse());
    expect(json.alerts).toBeNull();

    expect((await run(['find', '--email', 'nobody@example.com'])).stdout).toBe(
      'No submissions from nobody@example.com.\nNo article alerts for nobody@example.com.',
    );
    expect((await run(['find'])).code).toBe(2);
    const malformed = await run(['find', '--email', 'wanjiru']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--email must be an e-mail address, not "wanjiru"');
  });

  it('export --email writes each of their submissions to its own folder, documents included, readable by a person', async () => {
    const { person } = await submitPeople();
    const directory = join(tool.scratch, 'wanjiru');
    const { code, stdout } = await run(['export', '--email', address, '--out', directory]);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Exported 3 submissions from ${address} to ${directory}:`));
    const folders = (await readdir(directory)).sort();
    expect(folders).toEqual([
      `2026-11-22-application-${person[2]}`,
      `2026-11-22-consultation-${person[1]}`,
      `2026-11-22-contact-${person[0]}`,
    ]);
    const application = join(directory, folders[0]!);
    expect((await readdir(application)).sort()).toEqual(
      [
        'cv.docx',
        'kcse-certificate.png',
        'kenya-school-of-law-enrollment-proof.pdf',
        'llb-degree-certificate.jpg',
        'record.json',
      ].sort(),
    );
    expect(sha256(await readFile(join(application, 'cv.docx')))).toBe(
      sha256(await rebuiltCopy(validApplicationFiles().cv_file)),
    );
    const read = async (folder: string) =>
      JSON.parse(await readFile(join(directory, folder, 'record.json'), 'utf8')) as {
        Form: string;
        Fields: Record<string, string>;
      };
    expect(await read(folders[2]!)).toMatchObject({
      Form: 'Contact message',
      Fields: { Email: 'Wanjiru@Example.co.ke', Subject: 'Estate planning', Message: validContact().msg },
    });
    expect(await read(folders[1]!)).toMatchObject({
      Form: 'Consultation request',
      Fields: {
        'Practice area': 'Transgenerational Estate Planning',
        'Additional Information': validConsultation().info,
      },
    });
    expect(await read(folders[0]!)).toMatchObject({
      Form: 'Pupillage application',
      Fields: { 'Full Name': 'Wanjiru Kamau' },
    });

    const none = await run(['export', '--email', 'nobody@example.com', '--out', join(tool.scratch, 'nobody')]);
    expect(none).toMatchObject({
      code: 0,
      stdout: 'No submissions or article alerts from nobody@example.com: nothing was written.',
    });
    expect(existsSync(join(tool.scratch, 'nobody'))).toBe(false);
    expect((await run(['export', person[0]!, '--email', address, '--out', join(tool.scratch, 'both')])).code).toBe(2);
  });

  it('export refuses, in one line and writing nothing, a folder in the project, in its checkout or in any git work tree', async () => {
    const { person } = await submitPeople();
    const refused = async (out: string, where: RegExp, argv = ['--email', address]) => {
      const result = await run(['export', ...argv, '--out', out]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(where);
      expect(result.stderr).toContain('--out ~/submissions/');
    };
    // As a new user would type it, from the checkout: ./<id>.
    await refused(`./${person[0]}`, /^submissions: Refusing to export into .*: it is inside the project folder /, [
      person[0]!,
    ]);
    expect(await readdir(tool.project)).toEqual([]);

    const checkout = fileURLToPath(new URL('../../../', import.meta.url));
    const inCheckout = join(checkout, 'tmp-refused-export');
    await refused(inCheckout, /it is inside the project folder /);
    expect(existsSync(inCheckout)).toBe(false);

    const repository = await mkdtemp(join(tmpdir(), 'mno-repository-'));
    try {
      await mkdir(join(repository, '.git'));
      await refused(join(repository, 'exports', 'wanjiru'), /it is inside the git work tree /);
      // A linked worktree has a .git file, and a link into a work tree is still inside it.
      await rm(join(repository, '.git'), { recursive: true });
      await writeFile(join(repository, '.git'), 'gitdir: /elsewhere\n');
      await symlink(repository, join(tool.scratch, 'link-to-repository'));
      await refused(join(tool.scratch, 'link-to-repository', 'wanjiru'), /it is inside the git work tree /);
      expect((await readdir(repository)).sort()).toEqual(['.git']);
    } finally {
      await rm(repository, { recursive: true, force: true });
    }
  });

  it('export writes under the home folder for ~/…, whatever the shell did with it', async () => {
    await submitPeople();
    const home = process.env.HOME;
    process.env.HOME = tool.scratch;
    try {
      expect((await run(['export', '--email', address, '--out', '~/from-home'])).code).toBe(0);
    } finally {
      process.env.HOME = home;
    }
    expect(await readdir(join(tool.scratch, 'from-home'))).toHaveLength(3);
  });

  it('erase --email is a dry run without --yes, then deletes exactly that person’s records and documents and notes it without the address', async () => {
    const { person, others } = await submitPeople();
    const before = { ids: await idsLeft(), documents: await documentsLeft() };
    const dry = await run(['erase', '--email', address]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(
        `^Would erase 3 submissions from ${address} \\(contact 1, consultation 1, application 1; 4 documents\\):`,
      ),
    );
    expect(dry.stdout).toContain('Nothing was deleted: add --yes');
    expect({ ids: await idsLeft(), documents: await documentsLeft() }).toEqual(before);

    const done = await run(['erase', '--email', 'Wanjiru@example.co.ke', '--yes']);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(
      /^Erased 3 submissions from Wanjiru@example\.co\.ke \(contact 1, consultation 1, application 1; 4 documents\):/,
    );
    for (const id of person) expect(done.stdout).toContain(id);
    expect(done.stdout).toContain('delete the notification e-mails');
    // Exactly that person's records and documents are gone; others' are as they were.
    expect(await idsLeft()).toEqual([...others].sort());
    expect(await documentsLeft()).toEqual(before.documents.filter((key) => !person.some((id) => key.includes(id))));
    expect(await documentsLeft()).toHaveLength(4);

    // The note: when, how much, and a keyed hash of the address; never the address, nor its plain hash.
    const notes = await tool.database.db.query<Record<string, unknown>>(`SELECT * FROM erasures`);
    expect(notes).toEqual([
      {
        id: expect.stringMatching(/^[0-9A-Z]{26}$/),
        erased_at: new Date('2026-11-22T09:05:00.000Z'),
        counts: { contact: 1, consultation: 1, application: 1 },
        documents: 4,
        email_hmac: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    const note = JSON.stringify(notes[0]);
    expect(note).not.toMatch(/wanjiru/i);
    expect(note).not.toContain(createHash('sha256').update(address).digest('hex'));
    expect(done.stdout).toContain(`Noted the erasure as erasures/${String(notes[0]!.id)}`);

    // So the firm can show it acted.
    const found = await run(['find', '--email', address]);
    expect(found.stdout).toBe(
      `No submissions from ${address}.\nNo article alerts for ${address}.\n` +
        'Erased before: 2026-11-22 12:05 (EAT), 3 submissions (contact 1, consultation 1, application 1; 4 documents).',
    );
    expect((await run(['find', '--email', 'otieno@example.com'])).stdout).not.toContain('Erased before');
    expect((await run(['erase', '--email', 'achieng@example.com'])).stdout).toMatch(/^Would erase 1 submission from/);
  });

  it('erase deletes a person’s records and notes it in one transaction: a note that cannot be stored leaves every record', async () => {
    const { person } = await submitPeople();
    const { db } = tool.database;
    const noteRefused: Database = {
      query: (text, params) => db.query(text, params),
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            query: (text, params) =>
              text.startsWith('INSERT INTO erasures')
                ? Promise.reject(new Error('the note could not be stored'))
                : tx.query(text, params),
          }),
        ),
    };
    const submissions = await submissionsFrom(db, address);
    await expect(
      eraseSubmissions(noteRefused, tool.blobs.store(), submissions, { email: address, now: TOOL_NOW }),
    ).rejects.toThrow('the note could not be stored');
    expect((await submissionsFrom(db, address)).map((submission) => submission.id)).toEqual(person);
    expect(await documentsLeft()).toHaveLength(8);
  });

  it('erase notes the article alerts erased in its transaction with the submissions, and nothing of them when none were kept', async () => {
    await submitPeople();
    const { db } = tool.database;
    const alerts = { subscription: 1, waitingRequest: 0, consents: 2, memberships: 1, alertsSent: 3 };
    const seen: string[] = [];
    await eraseSubmissions(db, tool.blobs.store(), await submissionsFrom(db, address), {
      email: address,
      now: TOOL_NOW,
      alerts: async (tx) => {
        seen.push(String((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM submissions`))[0]!.n));
        return alerts;
      },
    });
    await eraseSubmissions(db, tool.blobs.store(), [], { email: 'otieno@example.com', now: TOOL_NOW });
    // It ran inside the transaction, before the rows went.
    expect(seen).toEqual(['6']);
    expect(await db.query(`SELECT counts FROM erasures ORDER BY documents DESC`)).toEqual([
      { counts: { contact: 1, consultation: 1, application: 1, alerts } },
      { counts: { contact: 0, consultation: 0, application: 0 } },
    ]);
  });
});
