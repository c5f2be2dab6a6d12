import { describe, expect, it } from 'vitest';
import {
  applicationFileFields,
  fileMessages,
  type ApplicationFileField,
} from '../../../src/forms/application/application.ts';
import { createApplicationHandler, successMessages } from '../../../src/server/handlers.ts';
import type { ApplicationRecord } from '../../../src/server/submissions/record.ts';
import { pdfBytes } from '../../../scripts/lib/sample-documents.ts';
import {
  applicationRequest,
  validApplicationData,
  validApplicationFiles,
  type UploadFile,
} from '../../../scripts/lib/sample-requests.ts';
import { docxCarryingCode, pdfsHidingScripts, stallingPdfs } from '../../../scripts/lib/hostile-documents.ts';
import { javaScriptAction, objectStream, pdfStream, pdfWithCatalog } from '../../../scripts/lib/pdf-objects.ts';
import {
  docxWithActiveX,
  docxWithDocumentRelationships,
  docxWithRemoteTemplate,
  docxWithVbaProject,
  hyperlink,
} from '../../support/documents-with-code.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';
import { messageOf } from '../../support/requests.ts';

const blobs = localBlobsPerTest();
const handler = createApplicationHandler({ notify: async () => {} });

async function sendApplicationWith(field: ApplicationFileField, file: UploadFile): Promise<Response> {
  const files = { ...validApplicationFiles(), [field]: file };
  return handler(
    await applicationRequest({
      data: validApplicationData(files),
      files: applicationFileFields.map((name) => files[name]),
    }),
  );
}

describe('pupillage application documents that carry code', () => {
  it.each<[string, ApplicationFileField, UploadFile]>([
    ['a .docx CV with word/vbaProject.bin', 'cv_file', { name: 'cv.docx', bytes: docxWithVbaProject() }],
    ['a .docx CV with an ActiveX control', 'cv_file', { name: 'cv.docx', bytes: docxWithActiveX() }],
    [
      'a .docx CV whose template is fetched from a web server',
      'cv_file',
      { name: 'cv.docx', bytes: docxWithRemoteTemplate() },
    ],
    [
      'a .docx CV with an embedded package',
      'cv_file',
      { name: 'cv.docx', bytes: docxCarryingCode()['an embedded package (a script shown as an icon)']! },
    ],
    [
      'a .docx CV with an INCLUDEPICTURE field',
      'cv_file',
      { name: 'cv.docx', bytes: docxCarryingCode()['an INCLUDEPICTURE field']! },
    ],
    [
      'a .docx CV with a DDEAUTO field',
      'cv_file',
      { name: 'cv.docx', bytes: docxCarryingCode()['a simple DDEAUTO field']! },
    ],
    [
      'a PDF CV whose object stream header has a comment before obj',
      'cv_file',
      { name: 'cv.pdf', bytes: pdfsHidingScripts()['an object stream whose header has a comment before obj']! },
    ],
    [
      'a PDF CV with a JavaScript action',
      'cv_file',
      { name: 'cv.pdf', bytes: pdfWithCatalog(`/OpenAction ${javaScriptAction}`) },
    ],
    [
      'a PDF certificate with a /JS script',
      'kcse_file',
      { name: 'kcse.pdf', bytes: pdfWithCatalog('/AA << /WC << /JS (app.alert\\(1\\)) >> >>') },
    ],
    [
      'a PDF certificate with a /Launch action',
      'ksl_file',
      { name: 'ksl.pdf', bytes: pdfWithCatalog('/OpenAction << /S /Launch /F (cmd.exe) >>') },
    ],
    [
      'a PDF certificate with an embedded file',
      'llb_degree_file',
      { name: 'llb.pdf', bytes: pdfWithCatalog('', pdfStream('/Type /EmbeddedFile', 'MZ')) },
    ],
    [
      'a PDF certificate with a hex-escaped /J#61vaScript',
      'kcse_file',
      { name: 'kcse.pdf', bytes: pdfWithCatalog('/OpenAction << /S /J#61vaScript >>') },
    ],
    [
      'a PDF certificate with JavaScript in a Flate-compressed object stream',
      'ksl_file',
      { name: 'ksl.pdf', bytes: pdfWithCatalog('/OpenAction 5 0 R', objectStream({ 5: javaScriptAction })) },
    ],
  ])('refuses %s (415), naming the document and how to fix it, and stores nothing', async (_what, field, file) => {
    const response = await sendApplicationWith(field, file);
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe(fileMessages.activeContent(field, file.name));
    expect(await blobs.keys()).toEqual([]);
  });

  it('tells the applicant to save the CV as PDF', async () => {
    const response = await sendApplicationWith('cv_file', { name: 'cv.docx', bytes: docxWithVbaProject() });
    expect(await messageOf(response)).toBe(
      'The CV (cv_file, cv.docx) contains macros or other active content, which we do not accept. ' +
        'Please save it as PDF (in Word: File › Save As, then choose PDF), and send it again.',
    );
  });

  it('tells the applicant to print a certificate to a new PDF, or to scan or photograph it', async () => {
    const response = await sendApplicationWith('kcse_file', {
      name: 'kcse.pdf',
      bytes: pdfWithCatalog(`/OpenAction ${javaScriptAction}`),
    });
    expect(await messageOf(response)).toMatch(
      /\(kcse_file, kcse\.pdf\).*Please print it to a new PDF, or scan or photograph it instead, and send it again\.$/,
    );
  });

  it('refuses a document it cannot check (415), saying it could not be read, and stores nothing', async () => {
    const unreadable = pdfWithCatalog(
      '',
      objectStream({ 5: '<< >>' }, { filter: '/LZWDecode', encode: (data) => data }),
    );
    const response = await sendApplicationWith('ksl_file', { name: 'ksl.pdf', bytes: unreadable });
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe(fileMessages.unreadable('ksl_file', 'ksl.pdf'));
    expect(await blobs.keys()).toEqual([]);
  });

  it('refuses a 2 MiB CV built to stall the check as unreadable (415), in bounded time, and stores nothing', async () => {
    const started = performance.now();
    const response = await sendApplicationWith('cv_file', {
      name: 'cv.pdf',
      bytes: stallingPdfs()['object streams without an end']!,
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe(fileMessages.unreadable('cv_file', 'cv.pdf'));
    expect(await blobs.keys()).toEqual([]);
  });

  it.each<[string, ApplicationFileField, UploadFile]>([
    [
      'a .docx CV linking to a web page and an e-mail address',
      'cv_file',
      {
        name: 'cv.docx',
        bytes: docxWithDocumentRelationships(
          hyperlink('rId5', 'https://www.linkedin.com/in/achieng'),
          hyperlink('rId6', 'mailto:achieng@example.com'),
        ),
      },
    ],
    ['a plain PDF CV', 'cv_file', { name: 'cv.pdf', bytes: pdfBytes('cv') }],
    [
      'a PDF certificate with an ordinary compressed object stream',
      'kcse_file',
      {
        name: 'kcse.pdf',
        bytes: pdfWithCatalog('/Outlines 5 0 R', objectStream({ 5: '<< /Type /Outlines /Count 0 >>' })),
      },
    ],
  ])('accepts %s and stores it', async (_what, field, file) => {
    const response = await sendApplicationWith(field, file);
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.application);
    const recordKey = (await blobs.keys()).find((key) => key.endsWith('/record'))!;
    const record = (await blobs.store().get(recordKey, { type: 'json' })) as ApplicationRecord;
    expect(record.files.find((info) => info.field === field)).toMatchObject({
      originalName: file.name,
      size: file.bytes.length,
    });
  });
});
