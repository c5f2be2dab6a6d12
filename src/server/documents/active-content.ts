// Whether an uploaded document carries code: macros, ActiveX controls, scripts,
// embedded objects, fields that fetch or run things, programs to start or
// attached files, which staff could set off by opening it. Each format is read
// by its own rules (active-content/docx.ts, pdf.ts), within fixed bounds on
// sizes, counts, unpacked bytes and time (active-content/budget.ts).
//
// Word 97–2003 (.doc) files are not accepted at all (uploads.ts): their embedded
// objects and field codes sit in a binary format we could only check with a
// reader as large as the rest of this put together, and Word saves any of them
// as .docx or PDF in two clicks.
import { fileTypes } from '../../forms/application/application.ts';
import { CheckBudget } from './active-content/budget.ts';
import { docxHasActiveContent } from './active-content/docx.ts';
import { pdfHasActiveContent } from './active-content/pdf.ts';

export type ContentCheck = 'clean' | 'activeContent' | 'unreadable';

const hasActiveContent: Record<string, (bytes: Uint8Array, budget: CheckBudget) => boolean | Promise<boolean>> = {
  [fileTypes.pdf.mime]: pdfHasActiveContent,
  [fileTypes.docx.mime]: docxHasActiveContent,
  // A viewer runs nothing in an image.
  [fileTypes.jpeg.mime]: () => false,
  [fileTypes.png.mime]: () => false,
};

/** `mime` is the type read from the bytes (uploads.ts); a type not listed here is not one we can vouch for. */
export async function checkForActiveContent(
  mime: string,
  bytes: Uint8Array,
  budget = new CheckBudget(),
): Promise<ContentCheck> {
  const check = hasActiveContent[mime];
  if (!check) return 'unreadable';
  try {
    return (await check(bytes, budget)) ? 'activeContent' : 'clean';
  } catch {
    // Whatever stops us reading a document, running out of time included, counts against the document: it is refused, never answered with a 500.
    return 'unreadable';
  }
}
