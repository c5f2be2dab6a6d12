// client:intent — an island that only waits for a tap (the mobile menu, the
// video and team dialogs, the article search) hydrates on the visitor's first
// intent on it: a pointer down, a key or focus inside it. Until then a phone
// downloads no React at all.
//
// The tap that wakes the island is not lost: a click that arrives before the
// island's own handlers is held and given again once they are there, so the
// first tap opens the menu or dialog. The trigger is never disabled; while the
// island loads longer than a moment, the control that was touched carries
// `data-intent-loading` (styled in global.css) and `aria-busy`.
import type { ClientDirective } from 'astro';

const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;
/** A load shorter than this shows nothing; a longer one shows the trigger loading. */
const SHOW_LOADING_AFTER_MS = 120;

const intentDirective: ClientDirective = (load, _options, island) => {
  let ready = false;
  let heldClick: HTMLElement | null = null;

  const holdClick = (event: MouseEvent) => {
    if (ready) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // The element that can be clicked again: a tap on a button's icon lands on its SVG.
    for (let target = event.target as Node | null; target; target = target.parentNode) {
      if (target instanceof HTMLElement) {
        heldClick = target;
        break;
      }
    }
  };

  const wake = async (event: Event) => {
    for (const type of INTENT_EVENTS) island.removeEventListener(type, wake, true);
    const touched = (event.target instanceof Element && event.target.closest('button, input, a')) || island;
    const showLoading = window.setTimeout(() => {
      touched.setAttribute('data-intent-loading', '');
      touched.setAttribute('aria-busy', 'true');
    }, SHOW_LOADING_AFTER_MS);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      window.clearTimeout(showLoading);
      touched.removeAttribute('data-intent-loading');
      touched.removeAttribute('aria-busy');
      ready = true;
      island.removeEventListener('click', holdClick, true);
    }
    // React's root now listens; a click on a part not yet hydrated hydrates it at once.
    if (heldClick?.isConnected) heldClick.click();
  };

  for (const type of INTENT_EVENTS) island.addEventListener(type, wake, true);
  island.addEventListener('click', holdClick, true);
};

export default intentDirective;
