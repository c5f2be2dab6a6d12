// src/ and tests/support/ import each other the bundler way, without file
// extensions ('../forms/application'). Astro, Vite and esbuild resolve that;
// plain Node does not. This hook lets Node try `<specifier>.ts` for such a
// relative import, so the bench can run the form handlers in-process.
// It applies only to modules imported after registerTsResolution() runs.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const HAS_EXTENSION = /\.(?:[cm]?[jt]sx?|json)$/;

let registered = false;

export function registerTsResolution(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const relative = specifier.startsWith('./') || specifier.startsWith('../');
      if (relative && !HAS_EXTENSION.test(specifier) && context.parentURL?.startsWith('file:')) {
        const candidate = new URL(`${specifier}.ts`, context.parentURL);
        if (existsSync(fileURLToPath(candidate))) return nextResolve(candidate.href, context);
      }
      return nextResolve(specifier, context);
    },
  });
}
