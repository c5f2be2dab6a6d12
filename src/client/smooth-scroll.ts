// Continuous smooth scrolling, as the firm asks (docs/requirements.md#motion), from the
// visitor's first wheel, touch or key (src/client/scroll-intent.ts): until then it costs
// the main thread nothing. Lenis also smooths in-page anchor jumps such as the careers
// page's "Apply" link.
import Lenis from 'lenis';
import { prefersReducedMotion } from '../lib/motion-preference.ts';

if (!prefersReducedMotion()) {
  const lenis = new Lenis({ anchors: { offset: -88 }, autoRaf: true });
  // Islands that lock the page (dialogs) announce it so the wheel does not scroll behind them.
  document.addEventListener('scroll-lock', (event) => {
    if ((event as CustomEvent<boolean>).detail) lenis.stop();
    else lenis.start();
  });
}
