// Registers `client:intent` (src/client/intent-directive.ts): hydrate an island
// on the first pointer down, key or focus inside it, and replay that tap.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: boolean;
  }
}

export function clientIntent(): AstroIntegration {
  return {
    name: 'client-intent',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL('../client/intent-directive.ts', import.meta.url)) });
      },
    },
  };
}
