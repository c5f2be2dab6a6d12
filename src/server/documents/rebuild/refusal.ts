// Why a document could not be rebuilt, as the applicant is told it
// (forms/application: fileMessages). Thrown by the rebuilders, carried out of
// the worker as its reason, and answered 415 naming the document.
// 'tooComplex': a PDF built to hold a viewer (pdf-bounds.ts).
export type RefusalReason = 'unreadable' | 'activeContent' | 'tooSlow' | 'tooComplex';

export class RebuildRefused extends Error {
  readonly reason: RefusalReason;

  constructor(reason: RefusalReason, detail: string) {
    super(detail);
    this.reason = reason;
    this.name = 'RebuildRefused';
  }
}
