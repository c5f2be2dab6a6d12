// pdf.js's parser, which its package ships without types: the read-back
// (pdf-readback.ts) only hands it to pdf.js, which looks for this one export.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
