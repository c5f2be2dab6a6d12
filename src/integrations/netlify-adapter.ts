// The Netlify adapter (@astrojs/netlify), loaded without its dev server when
// building. Its module imports @netlify/vite-plugin, which brings the whole of
// Netlify's local emulation (@netlify/dev: functions, edge functions, and
// zip-it-and-ship-it's TypeScript, Vue and Sass parsers) to start it under
// `astro dev`; in a build the plugin does nothing (it needs a dev server's
// HTTP server). Loading it took a second of an idle machine's build, several
// of a busy one's. So `astro build` resolves that import to a plugin that does
// nothing before the adapter is imported; every other command gets the real one.
import { registerHooks } from 'node:module';
import type { AstroIntegration } from 'astro';
import type { NetlifyIntegrationConfig } from '@astrojs/netlify';

const DEV_PLUGIN = '@netlify/vite-plugin';
/**
 * What the adapter takes from it, the default export: here a plugin that does
 * nothing, under the real one's name, so Vite's dependency cache (keyed by the
 * plugins' names) serves a build and `astro dev` alike.
 */
const NO_DEV_PLUGIN = 'data:text/javascript,export default () => [{ name: "vite-plugin-netlify" }]';

/** Whether the command line is `astro build` (the CLI's first word that is not an option). */
export const isBuildCommand = (argv: readonly string[]): boolean =>
  argv.slice(2).find((arg) => !arg.startsWith('-')) === 'build';

let devPluginLeftOut = false;

export async function netlifyAdapter(config: NetlifyIntegrationConfig): Promise<AstroIntegration> {
  if (isBuildCommand(process.argv) && !devPluginLeftOut) {
    devPluginLeftOut = true;
    registerHooks({
      resolve: (specifier, context, nextResolve) =>
        specifier === DEV_PLUGIN ? { url: NO_DEV_PLUGIN, shortCircuit: true } : nextResolve(specifier, context),
    });
  }
  const { default: netlify } = await import('@astrojs/netlify');
  return netlify(config);
}
