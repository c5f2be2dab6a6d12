import { describe, expect, it } from 'vitest';
import { detectAllowedType, sanitiseFileName } from '../../../../src/server/documents/uploads.ts';
import { docxBytes, jpegBytes, pdfBytes, pngBytes, zipBytes } from '../../../../scripts/lib/sample-documents.ts';
import { cfbBytes, elfBytes, exeBytes } from '../../../support/files.ts';

describe('recognising documents by their bytes', () => {
  it('accepts PDF, JPEG and PNG certificates', async () => {
    expect(await detectAllowedType('kcse_file', pdfBytes())).toEqual({ type: { ext: 'pdf', mime: 'application/pdf' } });
    expect(await detectAllowedType('ksl_file', jpegBytes())).toEqual({ type: { ext: 'jpg', mime: 'image/jpeg' } });
    expect(await detectAllowedType('llb_degree_file', pngBytes())).toEqual({ type: { ext: 'png', mime: 'image/png' } });
  });

  it('accepts a CV as PDF or .docx', async () => {
    expect(await detectAllowedType('cv_file', pdfBytes())).toEqual({ type: { ext: 'pdf', mime: 'application/pdf' } });
    expect(await detectAllowedType('cv_file', docxBytes())).toEqual({
      type: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    });
  });

  it('refuses a Word 97–2003 .doc, or any file of the older Office format, with a message of its own', async () => {
    expect(await detectAllowedType('cv_file', cfbBytes())).toEqual({ refused: 'olderOfficeFormat' });
    expect(await detectAllowedType('cv_file', cfbBytes('Workbook'))).toEqual({ refused: 'olderOfficeFormat' });
    expect(await detectAllowedType('kcse_file', cfbBytes().subarray(0, 700))).toEqual({ refused: 'olderOfficeFormat' });
  });

  it.each([
    ['an ELF executable', 'cv_file', elfBytes()],
    ['a Windows executable', 'cv_file', exeBytes()],
    ['an image as a CV', 'cv_file', pngBytes()],
    ['a Word file as a certificate', 'kcse_file', docxBytes()],
    ['a plain ZIP', 'cv_file', zipBytes([{ name: 'a.txt', content: 'hello' }])],
    ['text', 'ksl_file', new TextEncoder().encode('just text, not a PDF')],
    ['nothing', 'ksl_file', new Uint8Array(0)],
  ] as const)('refuses %s', async (_what, field, bytes) => {
    expect(await detectAllowedType(field, bytes)).toEqual({ refused: 'wrongType' });
  });
});

describe('file names shown to staff', () => {
  it.each([
    ['../../etc/passwd\r\n.pdf', 'passwd.pdf'],
    ['C:\\Users\\amina\\CV final.docx', 'CV final.docx'],
    ['..hidden.pdf', 'hidden.pdf'],
    ['a<b>c:d"e|f?g*.pdf', 'a_b_c_d_e_f_g_.pdf'],
    ['right\u202Eto-left.pdf', 'rightto-left.pdf'],
    ['', 'file'],
    ['\r\n', 'file'],
  ])('%j becomes %j', (name, expected) => {
    expect(sanitiseFileName(name)).toBe(expected);
  });

  it('keeps long names short, with their extension', () => {
    const name = sanitiseFileName(`${'x'.repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
