// The firm's colours on every page: `import 'virtual:brand-colours.css'`
// (src/layouts/BaseLayout.astro) is a stylesheet made at build from `brand.colours`
// in src/site.config.ts (src/lib/brand.ts writes it), so the colours have that one
// home. It joins the page's other CSS: inlined like it, and covered by the hashes
// Astro puts in the page's Content-Security-Policy, which refuses other inline styles.
import type { AstroIntegration } from 'astro';
import { brandStylesheet } from '../lib/brand.ts';
import { site } from '../site.config.ts';

const MODULE_ID = 'virtual:brand-colours.css';
/** Vite's convention for a module no file holds; the `.css` ending makes it a stylesheet. */
const RESOLVED_ID = `\0${MODULE_ID}`;

export function brandColours(): AstroIntegration {
  return {
    name: 'brand-colours',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'brand-colours',
                resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
                load: (id) => (id === RESOLVED_ID ? brandStylesheet(site.brand.colours) : undefined),
              },
            ],
          },
        });
      },
    },
  };
}
