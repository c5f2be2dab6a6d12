// Scroll reveal: elements marked `data-reveal="<style>"` animate in once, over 1800 ms,
// the first time they enter the viewport. Elements already on screen at load, and
// everything under prefers-reduced-motion, are left as they are (no flash, no delay).
import { animate } from 'motion/mini';
import { inView } from 'motion';
import { prefersReducedMotion } from '../lib/motion-preference.ts';

export const REVEAL_DURATION_MS = 1800;

const offsets: Record<string, { transform: string; opacity?: number }> = {
  'fade-up': { transform: 'translateY(40px)' },
  'fade-down': { transform: 'translateY(-40px)' },
  'fade-left': { transform: 'translateX(40px)' },
  'zoom-in-right': { transform: 'translateX(-40px) scale(0.9)' },
  'zoom-in-up': { transform: 'translateY(40px) scale(0.9)' },
};

const isOnScreen = (element: Element) => {
  const rect = element.getBoundingClientRect();
  return rect.top < window.innerHeight && rect.bottom > 0;
};

if (!prefersReducedMotion()) {
  // Every position is read before any style is written: one layout, not one per element.
  const offScreen = [...document.querySelectorAll<HTMLElement>('[data-reveal]')].filter((element) => !isOnScreen(element));
  for (const element of offScreen) {
    const from = offsets[element.dataset.reveal ?? ''] ?? offsets['fade-up']!;
    element.style.opacity = '0';
    element.style.transform = from.transform;
    inView(
      element,
      () => {
        animate(
          element,
          { opacity: [0, 1], transform: [from.transform, 'none'] },
          { duration: REVEAL_DURATION_MS / 1000, ease: [0.22, 1, 0.36, 1] },
        ).then(() => {
          element.style.opacity = '';
          element.style.transform = '';
        });
      },
      { amount: 0.15 },
    );
  }
}
