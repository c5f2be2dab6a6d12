// PDFs read by pdf.js (Firefox's engine, pdfjs-dist), never by our own code:
// what in a file could run or fetch when a viewer opens it, and each page drawn
// to pixels, for the tests that judge the rebuilt copies and the bench's fidelity figures.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

async function open(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: join(root, 'standard_fonts/'),
    cMapUrl: join(root, 'cmaps/'),
    wasmUrl: join(root, 'wasm/'),
    iccUrl: join(root, 'iccs/'),
    isEvalSupported: false,
    enableXfa: true,
    verbosity: 0,
  }).promise;
}

/** Everything a viewer could act on or fetch, as pdf.js finds it; empty lists and nulls for a harmless file. */
export interface WhatRuns {
  pages: number;
  documentScripts: unknown;
  openAction: unknown;
  attachments: unknown;
  fields: unknown;
  outline: unknown;
  isXfa: boolean;
  /** Per page: annotations of any kind (links, widgets, 3D, rich media, files) and page-level scripts. */
  annotations: unknown[];
  pageScripts: unknown[];
}

export async function whatRuns(bytes: Uint8Array): Promise<WhatRuns> {
  const document = await open(bytes);
  try {
    const annotations: unknown[] = [];
    const pageScripts: unknown[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      annotations.push(...(await page.getAnnotations({ intent: 'any' })));
      const scripts = await page.getJSActions();
      if (scripts && Object.keys(scripts).length > 0) pageScripts.push(scripts);
    }
    return {
      pages: document.numPages,
      documentScripts: await document.getJSActions(),
      openAction: await document.getOpenAction(),
      attachments: await document.getAttachments(),
      fields: await document.getFieldObjects(),
      outline: await document.getOutline(),
      isXfa: document.isPureXfa,
      annotations,
      pageScripts,
    };
  } finally {
    await document.destroy();
  }
}

/** Nothing that runs or fetches: what a rebuilt copy must read as. */
export const harmless = (pages: number): WhatRuns => ({
  pages,
  documentScripts: null,
  openAction: null,
  attachments: null,
  fields: null,
  outline: null,
  isXfa: false,
  annotations: [],
  pageScripts: [],
});

/** Each page drawn at `scale` (1 = 72 dpi) as RGBA pixels with its size. */
export async function renderPages(
  bytes: Uint8Array,
  scale = 0.5,
): Promise<Array<{ width: number; height: number; pixels: Uint8ClampedArray }>> {
  const document = await open(bytes);
  try {
    const pages = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale });
      const canvasFactory = document.canvasFactory as {
        create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
      };
      const { canvas, context } = canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      pages.push({ width, height, pixels: data });
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** The share of pixels whose colour differs by more than `tolerance` in any channel (0 = identical pages). */
export function differingShare(
  a: { width: number; height: number; pixels: Uint8ClampedArray },
  b: { width: number; height: number; pixels: Uint8ClampedArray },
  tolerance = 24,
): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    if (
      Math.abs(a.pixels[i]! - b.pixels[i]!) > tolerance ||
      Math.abs(a.pixels[i + 1]! - b.pixels[i + 1]!) > tolerance ||
      Math.abs(a.pixels[i + 2]! - b.pixels[i + 2]!) > tolerance
    )
      differing++;
  }
  return differing / (a.width * a.height);
}
