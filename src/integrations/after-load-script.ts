// The layout's script (src/layouts/BaseLayout.astro) only starts what waits for
// the page to have loaded: the smooth scroll, the scroll reveals, fetching the
// web fonts. Astro writes it as <script type="module" src>, which a browser
// fetches and runs before its first paint — on a phone network, a file (and
// the one it imports) the first paint waits for. After the build, each page
// imports it once the page has loaded and the browser is next idle (its images
// drawn; Safari, without idle callbacks, at once): no script file stands
// between a phone and the first paint of a page without islands.
import type { PageRewrite } from './built-pages.ts';

const LAYOUT_SCRIPT =
  /<script type="module" src="(\/_astro\/BaseLayout\.astro_astro_type_script_index_0_lang\.[\w-]+\.js)"><\/script>/;

/** The page with the layout's script imported after `load` (unchanged without it). */
export function loadLayoutScriptAfterLoad(html: string): string {
  return html.replace(
    LAYOUT_SCRIPT,
    (_, src: string) =>
      `<script type="module">addEventListener("load",()=>{const go=()=>import(${JSON.stringify(src)});"requestIdleCallback"in window?requestIdleCallback(go):setTimeout(go)},{once:true})</script>`,
  );
}

/** The rewrite of every built page (src/integrations/built-pages.ts). */
export function afterLoadScript(): PageRewrite {
  return {
    name: 'after-load-script',
    rewrite: loadLayoutScriptAfterLoad,
    report: ({ pages, changed }, logger) => {
      // A newer Astro naming the script otherwise must fail the build, not quietly load it early.
      if (changed === 0)
        throw new Error(`after-load-script: no page of ${pages} has the layout's script ${LAYOUT_SCRIPT}`);
      logger.info(`the layout's script loads after the page on ${changed} of ${pages} pages`);
    },
  };
}
