// The bench's "without scripts" baseline is only a baseline if nothing in the
// page can run: every script element goes, inline or not, module or classic,
// and so do module preloads; data blocks (JSON-LD, JSON) stay, as they run nothing.
import { describe, expect, it } from 'vitest';
import { withoutScripts } from '../../../scripts/bench/lighthouse.ts';

describe('the page the bench loads without scripts', () => {
  it('keeps no script a browser would run, nor module preloads', () => {
    const page = [
      '<head><link rel="modulepreload" href="/_astro/a.js"><script type="module" src="/_astro/b.js"></script>',
      '<script>document.title = "x"</script><SCRIPT type=module>import "./c.js"</SCRIPT>',
      '<script type="text/javascript">\nlet a = "</p>";\n</script></head><body><p>Text</p></body>',
    ].join('');
    const stripped = withoutScripts(page);
    expect(stripped).not.toMatch(/<script|modulepreload/i);
    expect(stripped).toContain('<p>Text</p>');
  });

  it('keeps data blocks, which run nothing', () => {
    const page =
      '<script type="application/ld+json">{"@type":"LegalService"}</script><script type="application/json" id="d">[]</script>';
    expect(withoutScripts(page)).toBe(page);
  });
});
