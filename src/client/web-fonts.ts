// After a first visit's page has loaded: fetch the web fonts into the cache for
// the pages that follow (src/lib/web-fonts.ts says why this page stays as drawn).
import { WEB_FONT_FACES, WEB_FONTS_CLASS, WEB_FONTS_STORAGE_KEY } from '../lib/web-fonts.ts';

if (!document.documentElement.classList.contains(WEB_FONTS_CLASS)) {
  Promise.all(WEB_FONT_FACES.map((face) => document.fonts.load(face)))
    .then((loaded) => {
      if (loaded.every((faces) => faces.length > 0)) sessionStorage.setItem(WEB_FONTS_STORAGE_KEY, '1');
    })
    // Offline, or storage refused: the next page is drawn in the local faces again, and tries again.
    .catch(() => undefined);
}
