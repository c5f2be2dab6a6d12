// Vitest hooks around startLocalBlobs() (scripts/lib/local-blobs.ts, which the
// bench also uses, outside Vitest): one server per test file, set as the
// functions' environment, emptied before every test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '../../scripts/lib/local-blobs.ts';

export function localBlobsPerTest(): LocalBlobs {
  let current: LocalBlobs | undefined;
  const live = () => {
    if (!current) throw new Error('the local Blobs server starts in beforeAll; use it inside tests and hooks');
    return current;
  };
  beforeAll(async () => {
    current = await startLocalBlobs();
    current.useAsEnvironment();
  });
  afterAll(async () => current?.stop());
  beforeEach(async () => {
    await live().store().deleteAll();
  });
  return {
    get apiURL() {
      return live().apiURL;
    },
    get siteID() {
      return live().siteID;
    },
    get token() {
      return live().token;
    },
    store: (name) => live().store(name),
    keys: (prefix) => live().keys(prefix),
    useAsEnvironment: () => live().useAsEnvironment(),
    stop: () => live().stop(),
  };
}
