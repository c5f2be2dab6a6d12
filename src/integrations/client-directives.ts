// The site's own hydration directives (src/client/):
//   client:intent  islands that only wait for a tap: hydrate on the first
//                  pointer down, key or focus inside, and replay that tap;
//   client:near    form islands: hydrate after the page has loaded, once the
//                  form comes within `rootMargin` of the viewport.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: boolean;
    'client:near'?: { rootMargin: string };
  }
}

const entrypoint = (file: string) => fileURLToPath(new URL(`../client/${file}`, import.meta.url));

export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'intent', entrypoint: entrypoint('intent-directive.ts') });
        addClientDirective({ name: 'near', entrypoint: entrypoint('near-directive.ts') });
      },
    },
  };
}
