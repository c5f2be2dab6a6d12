// What the server answers for a path the site has no page for: status 404 and
// a not-found page of the build, whose markup tests/built/ reads from dist/.
import { expect, type APIRequestContext } from '@playwright/test';

/** `path` answers 404 with the body of `notFoundPage` (/404.html, or /insight/404/ for an unknown article). */
export async function expectNotFoundPage(request: APIRequestContext, path: string, notFoundPage = '/404.html') {
  const response = await request.get(path);
  expect(response.status(), path).toBe(404);
  expect(await response.text(), `${path} answers with ${notFoundPage}`).toBe(
    await (await request.get(notFoundPage)).text(),
  );
}
