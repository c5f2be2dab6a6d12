// The sections held back from a page's first layout (global.css) are laid out from the visitor's first move
// through the page (src/client/scroll-intent.ts), one in each idle moment, so that no task grows long and a page
// that is only read costs nothing more. Within a moment the page has its real height: a jump (an element scrolled
// into view, a restored scroll position) then lands where it aims, instead of being pushed away by the sections
// above it taking their real height as it arrives.
const held = [...document.querySelectorAll<HTMLElement>('main > section')].filter(
  (section) => getComputedStyle(section).contentVisibility === 'auto',
);

const whenIdle = (next: () => void) => {
  if ('requestIdleCallback' in window) requestIdleCallback(next);
  else setTimeout(next, 16);
};

const layOutNext = () => {
  const section = held.shift();
  if (!section) return;
  section.style.contentVisibility = 'visible';
  // Measured here, the section's layout is this idle moment's work rather than the next frame's.
  void section.offsetHeight;
  whenIdle(layOutNext);
};

whenIdle(layOutNext);

// A module, so that the layout's after-load script can import it.
export {};
