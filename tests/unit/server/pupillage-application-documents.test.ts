// An application's documents through the function's handler (records in a test
// database, documents in local Blobs):
// what is stored is a copy rebuilt from an allowlist, never the file sent; a
// document that cannot be rebuilt refuses the application with 415, naming it
// and saying what to send; the daily limit stands before any document is read.
import { describe, expect, it } from 'vitest';
import {
  applicationFileFields,
  fileMessages,
  type ApplicationFileField,
} from '../../../src/forms/application/application.ts';
import { successMessages } from '../../../src/server/handlers.ts';
import { createApplicationHandler } from '../../../src/server/application-handler.ts';
import { pdfsThatAct } from '../../../scripts/lib/documents-that-act.ts';
import { docxCarryingCode, stallingPdfs } from '../../../scripts/lib/hostile-documents.ts';
import { javaScriptAction, pdfWithCatalog } from '../../../scripts/lib/pdf-objects.ts';
import {
  applicationRequest,
  validApplicationData,
  validApplicationFiles,
  type UploadFile,
} from '../../../scripts/lib/sample-requests.ts';
import { docxWithMacroProject } from '../../support/documents-with-code.ts';
import { storedApplicationsPerTest } from '../../support/stored-applications.ts';
import { harmless, whatRuns } from '../../../scripts/lib/pdf-reader.ts';
import { messageOf } from '../../support/requests.ts';

const stored = storedApplicationsPerTest();
const handler = createApplicationHandler({ notify: async () => {} });

async function sendApplicationWith(
  field: ApplicationFileField,
  file: UploadFile,
  send = handler,
  email = 'achieng@example.com',
): Promise<Response> {
  const files = { ...validApplicationFiles(), [field]: file };
  return send(
    await applicationRequest({
      data: { ...validApplicationData(files), email },
      files: applicationFileFields.map((name) => files[name]),
    }),
  );
}

async function storedDocument(field: ApplicationFileField) {
  const record = await stored.onlyRecord();
  const file = record.files.find((info) => info.field === field)!;
  const bytes = new Uint8Array((await stored.blobs.store().get(file.key, { type: 'arrayBuffer' }))!);
  return { file, bytes };
}

describe('pupillage application documents', () => {
  it.each<[string, ApplicationFileField, UploadFile]>([
    [
      'a PDF CV with a JavaScript open action',
      'cv_file',
      { name: 'cv.pdf', bytes: pdfWithCatalog(`/OpenAction ${javaScriptAction}`) },
    ],
    [
      'a PDF certificate that launches a program',
      'ksl_file',
      { name: 'ksl.pdf', bytes: pdfsThatAct()['an open action Launch of cmd.exe']! },
    ],
    [
      'a PDF certificate with an attached script',
      'kcse_file',
      { name: 'kcse.pdf', bytes: pdfsThatAct()['an attached script (/Names /EmbeddedFiles)']! },
    ],
  ])('accepts %s, and stores only a copy in which pdf.js finds nothing that runs', async (_what, field, file) => {
    const response = await sendApplicationWith(field, file);
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.application);
    const { file: stored, bytes } = await storedDocument(field);
    expect(Buffer.from(bytes).equals(Buffer.from(file.bytes))).toBe(false);
    expect(await whatRuns(bytes)).toEqual(harmless(1));
    // The record describes the copy staff will open, not the file sent.
    expect(stored).toMatchObject({ originalName: file.name, size: bytes.length });
  });

  it('accepts a .docx CV with a field that fetches a picture from a file share, storing only the field’s result', async () => {
    const response = await sendApplicationWith('cv_file', {
      name: 'cv.docx',
      bytes: docxCarryingCode()['an INCLUDEPICTURE field']!,
    });
    expect(response.status).toBe(200);
    const { bytes } = await storedDocument('cv_file');
    expect(Buffer.from(bytes).includes(Buffer.from('203.0.113.7'))).toBe(false);
  });

  it('refuses a CV with a macro project (415), saying it has macros and to save it as PDF, and stores nothing', async () => {
    const response = await sendApplicationWith('cv_file', { name: 'cv.docx', bytes: docxWithMacroProject() });
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe(
      'The CV (cv_file, cv.docx) contains macros, which we do not accept. ' +
        'Please save it as PDF (in Word: File › Save As, then choose PDF), and send it again.',
    );
    await stored.expectNothingStored();
  });

  it('refuses a certificate it cannot read (415), telling the applicant to print, scan or photograph it', async () => {
    const response = await sendApplicationWith('kcse_file', {
      name: 'kcse.pdf',
      bytes: Buffer.from('%PDF-1.7\nno more'),
    });
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe(fileMessages.unreadable('kcse_file', 'kcse.pdf'));
    await stored.expectNothingStored();
  });

  it('refuses a 2 MiB CV built to stall the parser as too slow (415), within 8 s, and stores nothing', async () => {
    const started = performance.now();
    const response = await sendApplicationWith('cv_file', {
      name: 'cv.pdf',
      bytes: stallingPdfs()['object streams without an end']!,
    });
    expect(performance.now() - started).toBeLessThan(8_000);
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe(fileMessages.tooSlow('cv_file', 'cv.pdf'));
    await stored.expectNothingStored();
  }, 15_000);

  it('answers past the daily limit before reading any document: a stalling CV is refused with 429 at once', async () => {
    const limited = createApplicationHandler({
      notify: async () => {},
      dailyLimits: () => ({ contact: 1, consultation: 1, application: 1, subscription: 1 }),
      alert: async () => {},
    });
    expect((await sendApplicationWith('cv_file', validApplicationFiles().cv_file, limited)).status).toBe(200);
    const started = performance.now();
    const response = await sendApplicationWith(
      'cv_file',
      { name: 'cv.pdf', bytes: stallingPdfs()['object streams without an end']! },
      limited,
      'second@example.com',
    );
    expect(response.status).toBe(429);
    // Rebuilding that CV alone would hold the request for its whole budget (3.5 s).
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
