// client:near — a form island hydrates once its form comes within a margin of
// the viewport (options.value.rootMargin, as client:visible takes), so React is
// running before anyone reaches a field. It waits for the page's load event
// first: a form that is on screen at once must not take a phone's bandwidth
// from the page's first paint.
import type { ClientDirective } from 'astro';

const nearDirective: ClientDirective = (load, options, island) => {
  const rootMargin = (options.value as { rootMargin?: string } | undefined)?.rootMargin;
  const watch = () => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load().then((hydrate) => hydrate());
      },
      { rootMargin },
    );
    for (const child of island.children) observer.observe(child);
  };
  if (document.readyState === 'complete') watch();
  else window.addEventListener('load', watch, { once: true });
};

export default nearDirective;
