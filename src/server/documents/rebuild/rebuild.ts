// One document rebuilt by its own format's rules: the copy staff open is made
// from an allowlist of what the original held, never the original itself; the
// copy is then read back by other readers (pdf-readback.ts, docx-readback.ts)
// before anyone may open it. Runs inside the worker of isolated.ts.
import { readBackDocx } from './docx-readback.ts';
import { rebuildDocx } from './docx.ts';
import { reencodeImage } from './image.ts';
import { rebuildPdf } from './pdf.ts';
import { readBackPdf } from './pdf-readback.ts';
import { RebuildRefused } from './refusal.ts';

/** The formats of forms/application's fileTypes, by their key there (the worker loads no more than it needs). */
export type DocumentFormat = 'pdf' | 'docx' | 'jpeg' | 'png';

const rebuilders: Readonly<Record<DocumentFormat, (bytes: Uint8Array) => Promise<Uint8Array>>> = {
  pdf: async (bytes) => {
    const copy = await rebuildPdf(bytes);
    await readBackPdf(copy);
    return copy;
  },
  docx: async (bytes) => readBackDocx(await rebuildDocx(bytes)),
  jpeg: reencodeImage,
  png: reencodeImage,
};

/** `format` is read from the bytes (uploads.ts). Throws RebuildRefused for what cannot be rebuilt. */
export async function rebuildDocument(format: DocumentFormat, bytes: Uint8Array): Promise<Uint8Array> {
  const rebuild = Object.hasOwn(rebuilders, format) ? rebuilders[format] : undefined;
  if (!rebuild) throw new RebuildRefused('unreadable', `no rebuilder for ${format}`);
  return rebuild(bytes);
}
