// The whole path of an application's documents, served as `npm start` serves
// the site (scripts/serve.ts: the real functions, the embedded database, local
// Blobs) with a real SMTP server: the record is a row, the documents files
// under its id; the staff e-mail carries four links, each to the copy the
// rebuild made (never the file sent), and an altered link is refused. Files
// built to act or to stall are answered within the function's bound, and what
// the e-mail's link serves holds nothing that runs, as pdf.js and an unzip see it;
// pictures built to exhaust a decoder are refused within it.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationFileFields,
  fileMessages,
  type ApplicationFileField,
} from '../../src/forms/application/application.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { docxThatAct, pdfsThatAct } from '../../scripts/lib/documents-that-act.ts';
import { stallingInputs } from '../../scripts/lib/hostile-documents.ts';
import { hostilePictures } from '../../scripts/lib/hostile-pictures.ts';
import { viewerStallingPdfs } from '../../scripts/lib/viewer-stalling-pdfs.ts';
import {
  jsonRequest,
  validApplicationFiles,
  validContact,
  type UploadFile,
} from '../../scripts/lib/sample-requests.ts';
import { sendApplication } from '../../scripts/lib/served-application.ts';
import { startServe, type RunningServer } from '../../scripts/lib/serve-process.ts';
import { harmless, whatRuns } from '../../scripts/lib/pdf-reader.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../../src/server/submissions/rows.ts';
import { servedDatabase } from '../support/database.ts';
import { functionsOnlyProject } from '../support/functions-only-project.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.ts';

const TIMEOUT = 240_000;
/** The bounds: an application answered within 8 s whatever its documents, a message after it within 5 s. */
const APPLICATION_BOUND_MS = 8_000;
const CONTACT_BOUND_MS = 5_000;

describe('an application’s documents, from the staff e-mail', { timeout: TIMEOUT }, () => {
  let root: string;
  let smtp: TestSmtpServer;
  let server: RunningServer;

  // A project folder of its own: its Blobs start empty, and never count towards the daily limits of `npm start`'s.
  beforeAll(async () => {
    root = await functionsOnlyProject('application-documents-');
    smtp = await startSmtpServer();
    server = await startServe(root, {
      SMTP_URL: smtp.url,
      NOTIFY_APPLICATION_TO: 'recruitment@mnoadvocates.test',
    });
  }, TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** Sends an application with `replaced` in place of its files; the answer, its time, and the e-mail's links if it was stored. */
  async function apply(replaced: Partial<Record<ApplicationFileField, UploadFile>>) {
    const { status, message, ms, email } = await sendApplication(server.url, replaced);
    const links = async () => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const mail = smtp.messages.find((message) => message.text.includes(email));
        if (mail)
          return [...mail.text.matchAll(/https?:\/\/\S+\/api\/v1\/documents\/\S+/g)].map((match) => new URL(match[0]));
        if (Date.now() > deadline) throw new Error(`no e-mail for ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    return { status, message, ms, email, links };
  }

  /** The application records the server committed for `email`. */
  async function recordsOf(email: string) {
    const db = servedDatabase(root);
    try {
      const rows = await db.query<SubmissionRow>(`SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE email = $1`, [
        email,
      ]);
      return rows.map(recordFromRow);
    } finally {
      await db.close();
    }
  }

  /** The files the server keeps in its local Blobs store "submissions", by key (scripts/serve.ts writes them under .netlify). */
  async function storedFiles(prefix: string): Promise<Map<string, Uint8Array>> {
    const entries = join(root, '.netlify/blobs-serve/entries');
    const found = new Map<string, Uint8Array>();
    for (const entry of await readdir(entries, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      // entries/<site id>/site:submissions/<key…>
      const [, store, ...key] = relative(entries, join(entry.parentPath, entry.name)).split(sep);
      if (store === 'site:submissions' && key.join('/').startsWith(prefix))
        found.set(key.join('/'), new Uint8Array(await readFile(join(entry.parentPath, entry.name))));
    }
    return found;
  }

  /** What the e-mail's link for `field` serves. The link names the site's public origin; here it is a test port. */
  async function download(links: URL[], field: ApplicationFileField): Promise<Uint8Array> {
    const link = links[applicationFileFields.indexOf(field)]!;
    const response = await fetch(`${server.url}${link.pathname}${link.search}`);
    expect(response.status, field).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    return new Uint8Array(await response.arrayBuffer());
  }

  it('are four links, each to a rebuilt copy of what was sent; an altered link gets a 4xx', async () => {
    const sent = validApplicationFiles();
    const { status, email, links: linksOf } = await apply({ cv_file: sent.cv_file });
    expect(status).toBe(200);
    const links = await linksOf();
    expect(links.map((link) => link.pathname.split('/').at(-1))).toEqual([...applicationFileFields]);

    // The record is one committed row; its documents are files under its id, each what its link serves.
    const [record, ...others] = await recordsOf(email);
    expect(others).toEqual([]);
    expect(links.every((link) => link.pathname.includes(`/${record!.id}/`))).toBe(true);
    const files = await storedFiles(`application/${record!.id}/`);
    expect([...files.keys()].sort()).toEqual(
      applicationFileFields.map((field) => `application/${record!.id}/files/${field}`).sort(),
    );

    const cv = await download(links, 'cv_file');
    expect(cv).toEqual(files.get(`application/${record!.id}/files/cv_file`));
    expect((await mammoth.extractRawText({ buffer: Buffer.from(cv) })).value).toBe(
      (await mammoth.extractRawText({ buffer: Buffer.from(sent.cv_file.bytes) })).value,
    );
    const ksl = await download(links, 'ksl_file');
    expect(await whatRuns(ksl)).toEqual({ ...harmless(1) });
    for (const field of ['kcse_file', 'llb_degree_file'] as const) {
      const [before, after] = await Promise.all(
        [sent[field].bytes, await download(links, field)].map((bytes) => sharp(bytes).metadata()),
      );
      expect([after!.format, after!.width, after!.height]).toEqual([before!.format, before!.width, before!.height]);
    }

    const altered = new URL(links[0]!);
    altered.searchParams.set('expires', String(Number(altered.searchParams.get('expires')) + 1));
    const refused = await fetch(`${server.url}${altered.pathname}${altered.search}`);
    expect(refused.status).toBe(403);
    expect((await refused.text()).trim()).toBe('This document link is not valid.');
  });

  /** Each of `names` from `shapes`, sent as `field` under `fileName`. */
  const sent = (shapes: Record<string, Buffer>, names: string[], field: ApplicationFileField, fileName: string) =>
    names.map((name): [string, ApplicationFileField, UploadFile] => [
      name,
      field,
      { name: fileName, bytes: shapes[name]! },
    ]);
  // One shape of each family, through the server: what the function wires together (busboy, the worker, the
  // bound, the link), and the stalling shapes only this layer rebuilds. Every shape that acts is rebuilt and
  // read back by the unit tests (tests/unit/server/documents/rebuild-pdf.test.ts, rebuild-docx.test.ts).
  const stalling = stallingInputs();
  it.each<[string, ApplicationFileField, UploadFile]>([
    ...sent(pdfsThatAct(), ['a catalog in an object stream filtered by /F /Fl'], 'ksl_file', 'ksl.pdf'),
    ...sent(
      docxThatAct(),
      ['an RTF altChunk with DDEAUTO and INCLUDEPICTURE fields and an embedded object'],
      'cv_file',
      'cv.docx',
    ),
    [
      'one PNG-predicted row of 32 MiB',
      'cv_file',
      { name: 'cv.pdf', bytes: stalling['one PNG-predicted row of 32 MiB (/Predictor 12 /Columns 33554432)']!.bytes },
    ],
    ['a PDF of 2 MiB of names', 'cv_file', { name: 'cv.pdf', bytes: stalling['a PDF of 2 MiB of names']!.bytes }],
  ])(
    '%s: answered within 8 s, refused with a message or stored as a copy that holds nothing that runs; a message after it within 5 s',
    async (_shape, field, file) => {
      const { status, message, ms, links } = await apply({ [field]: file });
      expect(ms).toBeLessThan(APPLICATION_BOUND_MS);
      expect(typeof message).toBe('string');
      expect([200, 415]).toContain(status);
      if (status === 200) {
        const copy = await download(await links(), field);
        if (file.name.endsWith('.pdf')) {
          const read = await whatRuns(copy);
          expect(read).toEqual(harmless(read.pages));
        } else {
          const xml = Object.values(unzipSync(copy))
            .map((part) => strFromU8(part))
            .join('\n');
          expect(xml).not.toMatch(/TargetMode="External"|altChunk|INCLUDE|DDE|203\.0\.113\.7/i);
        }
      }
      await expectContactAnsweredInTime();
    },
  );

  describe('pictures built to exhaust a decoder', () => {
    let pictures: Record<string, Buffer>;
    beforeAll(async () => {
      pictures = await hostilePictures();
    });
    const jpeg = (shape: string, name: string): UploadFile => ({ name, bytes: pictures[shape]!, type: 'image/jpeg' });

    it('three in one application, as its three certificates: refused with 415 naming one of them, within 8 s', async () => {
      const { status, message, ms } = await apply({
        kcse_file: jpeg('a progressive JPEG of 14000 × 14000', 'kcse.jpg'),
        ksl_file: jpeg('a progressive JPEG of 10,801 scans', 'ksl.jpg'),
        llb_degree_file: jpeg('a progressive JPEG of 14000 × 14000', 'llb.jpg'),
      });
      expect(ms).toBeLessThan(APPLICATION_BOUND_MS);
      expect(status).toBe(415);
      expect([
        fileMessages.unreadable('kcse_file', 'kcse.jpg'),
        fileMessages.unreadable('ksl_file', 'ksl.jpg'),
        fileMessages.unreadable('llb_degree_file', 'llb.jpg'),
      ]).toContain(message);
      await expectContactAnsweredInTime();
    });
  });

  /** The next visitor's contact message, sent after a document's answer, is answered within 5 s. */
  async function expectContactAnsweredInTime() {
    const contact = jsonRequest(CONTACT_ENDPOINT, { form_data: validContact() });
    const started = performance.now();
    const answer = await fetch(`${server.url}${CONTACT_ENDPOINT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await contact.text(),
    });
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(CONTACT_BOUND_MS);
  }

  // The review's sizes: a 1.5 MB file whose page inflates to 768 MiB, and 3 KB of forms drawing 8^12 times.
  const viewerStalling = viewerStallingPdfs({ strokesMiB: 768 });
  it.each(['page content that inflates 500:1 to 768 MiB of strokes'])(
    '%s: refused within 8 s, the message saying it would keep a viewer busy',
    async (shape) => {
      const { status, message, ms } = await apply({ kcse_file: { name: 'kcse.pdf', bytes: viewerStalling[shape]! } });
      expect(ms).toBeLessThan(APPLICATION_BOUND_MS);
      expect(status).toBe(415);
      expect(message).toBe(fileMessages.tooComplex('kcse_file', 'kcse.pdf'));
    },
  );
});
