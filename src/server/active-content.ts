// Whether an uploaded document carries code: macros, ActiveX controls, scripts,
// programs to start or attached files, which staff could set off by opening it.
// Each format is parsed by its own rules (active-content/word-97.ts, docx.ts,
// pdf.ts), within fixed bounds on sizes, counts and unpacked bytes.
import { fileTypes } from '../forms/application.ts';
import { readCompoundFileDirectory } from './active-content/compound-file.ts';
import { docxHasActiveContent } from './active-content/docx.ts';
import { pdfHasActiveContent } from './active-content/pdf.ts';
import { hasMacroProject } from './active-content/word-97.ts';

export type ContentCheck = 'clean' | 'activeContent' | 'unreadable';

const hasActiveContent: Record<string, (bytes: Uint8Array) => boolean | Promise<boolean>> = {
  [fileTypes.pdf.mime]: pdfHasActiveContent,
  [fileTypes.doc.mime]: (bytes) => hasMacroProject(readCompoundFileDirectory(bytes)),
  [fileTypes.docx.mime]: docxHasActiveContent,
  // A viewer runs nothing in an image.
  [fileTypes.jpeg.mime]: () => false,
  [fileTypes.png.mime]: () => false,
};

/** `mime` is the type read from the bytes (uploads.ts); a type not listed here is not one we can vouch for. */
export async function checkForActiveContent(mime: string, bytes: Uint8Array): Promise<ContentCheck> {
  const check = hasActiveContent[mime];
  if (!check) return 'unreadable';
  try {
    return (await check(bytes)) ? 'activeContent' : 'clean';
  } catch {
    // Whatever stops us reading a document counts against the document: it is refused, never answered with a 500.
    return 'unreadable';
  }
}
