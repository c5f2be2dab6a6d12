// The visitor's first sign of moving through the page: a wheel, a touch, a key,
// a press, or a scroll by any other means (the scrollbar, a restored position,
// a #fragment). What only matters once the page moves (the smooth scroll, the
// held sections' layout) waits for it, so a page that is only read costs its
// main thread nothing more after load (docs/architecture.md, "After load").
const INTENT_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown', 'scroll'] as const;

/** Runs `start` once, at the first intent to move through the page, or at once if the page has already moved. */
export function onFirstScrollIntent(start: () => void): void {
  if (window.scrollY > 0 || location.hash.length > 1) {
    start();
    return;
  }
  const fire = () => {
    for (const type of INTENT_EVENTS) removeEventListener(type, fire, { capture: true });
    start();
  };
  for (const type of INTENT_EVENTS) addEventListener(type, fire, { capture: true, passive: true });
}
