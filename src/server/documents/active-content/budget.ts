// Every document check runs against the clock. The readers are linear in the
// size of what they read, so an honest document is decided in milliseconds; the
// deadline is the backstop for whatever shape we did not think of. A check that
// runs out of time throws, and the document is refused as unreadable: never
// accepted by default, never a 500, and no other request waits behind it for long.

/** How long one document's check may take, on the machine that runs it. */
const DOCUMENT_CHECK_MS = 1_500;

export class CheckBudget {
  private readonly deadline: number;
  private readonly ms: number;
  private readonly now: () => number;

  constructor(ms = DOCUMENT_CHECK_MS, now: () => number = () => performance.now()) {
    this.ms = ms;
    this.now = now;
    this.deadline = now() + ms;
  }

  /** Throws once the time is up. Loops call it every few thousand steps: cheap enough, often enough. */
  check(): void {
    if (this.now() > this.deadline) throw new Error(`not decided within ${this.ms} ms`);
  }
}
