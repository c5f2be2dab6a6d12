// Scroll reveal: elements marked `data-reveal="<style>"` animate in once, over 1800 ms,
// the first time they enter the viewport. Elements already on screen at load, and
// everything under prefers-reduced-motion, are left as they are (no flash, no delay).
import { animate } from 'motion/mini';
import { prefersReducedMotion } from '../lib/motion-preference.ts';

export const REVEAL_DURATION_MS = 1800;
/** How much of an element must be on screen before it starts to come in. */
const REVEAL_AMOUNT = 0.15;

const offsets: Record<string, string> = {
  'fade-up': 'translateY(40px)',
  'fade-down': 'translateY(-40px)',
  'fade-left': 'translateX(40px)',
  'zoom-in-right': 'translateX(-40px) scale(0.9)',
  'zoom-in-up': 'translateY(40px) scale(0.9)',
};

const startingTransform = (element: HTMLElement) => offsets[element.dataset.reveal ?? ''] ?? offsets['fade-up']!;

const reveal = (element: HTMLElement) => {
  const from = startingTransform(element);
  animate(
    element,
    { opacity: [0, 1], transform: [from, 'none'] },
    { duration: REVEAL_DURATION_MS / 1000, ease: [0.22, 1, 0.36, 1] },
  ).then(() => {
    element.style.opacity = '';
    element.style.transform = '';
  });
};

if (!prefersReducedMotion()) {
  // Positions come from the observer, computed with the page's own rendering, never
  // read here: asking each element for its box would force a layout of the whole page
  // while it is still loading. The observer's first report says where each one is.
  const hidden = new WeakSet<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        if (hidden.has(element)) {
          if (entry.intersectionRatio < REVEAL_AMOUNT) continue;
          observer.unobserve(element);
          reveal(element);
        } else if (entry.isIntersecting) {
          observer.unobserve(element);
        } else {
          hidden.add(element);
          element.style.opacity = '0';
          element.style.transform = startingTransform(element);
        }
      }
    },
    { threshold: REVEAL_AMOUNT },
  );
  for (const element of document.querySelectorAll<HTMLElement>('[data-reveal]')) observer.observe(element);
}
