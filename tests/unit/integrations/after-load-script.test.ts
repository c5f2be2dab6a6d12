import { describe, expect, it } from 'vitest';
import { loadLayoutScriptAfterLoad } from '../../../src/integrations/after-load-script.ts';

const LAYOUT_SCRIPT = '/_astro/BaseLayout.astro_astro_type_script_index_0_lang.LZMrZePs.js';

describe("loadLayoutScriptAfterLoad: the layout's script is imported once the page has loaded", () => {
  it('replaces the script element with an inline module that imports it once the page has loaded', () => {
    const html = `<main></main><script type="module" src="${LAYOUT_SCRIPT}"></script></body>`;
    const rewritten = loadLayoutScriptAfterLoad(html);
    expect(rewritten).not.toContain(`src="${LAYOUT_SCRIPT}"`);
    const [, loader] = rewritten.match(/^<main><\/main><script type="module">(.*)<\/script><\/body>$/)!;
    expect(loader).toMatch(/^addEventListener\("load",/);
    expect(loader).toContain(`import("${LAYOUT_SCRIPT}")`);
  });

  it("leaves every other script as it is: an island's, a page's own", () => {
    const html =
      '<script type="module" src="/_astro/HomeHero.astro_astro_type_script_index_0_lang.BoV_XadH.js"></script>' +
      '<script type="module">for(const e of document.querySelectorAll(`[data-current-year]`));</script>';
    expect(loadLayoutScriptAfterLoad(html)).toBe(html);
  });
});
