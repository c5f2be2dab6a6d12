// A stand-in for the context Astro gives a content loader, so a loader can be
// run in-process, build after build, against one persistent store.
//   const build = loaderBuild();
//   await articlesLoader(() => options).load(build.context());
//   build.entries()   what the collection holds after that build
import { createHash } from 'node:crypto';
import type { DataStore, LoaderContext } from 'astro/loaders';
import type { z } from 'astro/zod';

interface Entry {
  id: string;
  data: Record<string, unknown>;
  digest?: string | number;
}

export interface LoaderBuild {
  /** A context for one run of the loader, over the store earlier runs left. */
  context(): LoaderContext;
  /** The store's entries, in the order they were stored. */
  entries(): Entry[];
  /** What the loader logged, as `warn: …` and `info: …` lines, across runs. */
  log: string[];
}

export function loaderBuild(schema?: z.ZodType): LoaderBuild {
  const entries = new Map<string, Entry>();
  const log: string[] = [];
  const store = {
    get: (id: string) => entries.get(id),
    set: (entry: Entry) => {
      const old = entries.get(entry.id);
      if (old?.digest !== undefined && old.digest === entry.digest) return false;
      entries.set(entry.id, entry);
      return true;
    },
    has: (id: string) => entries.has(id),
    delete: (id: string) => void entries.delete(id),
    clear: () => entries.clear(),
    keys: () => [...entries.keys()],
    values: () => [...entries.values()],
    entries: () => [...entries.entries()],
    addModuleImport: () => {},
  } as unknown as DataStore;
  const logger = {
    info: (message: string) => log.push(`info: ${message}`),
    warn: (message: string) => log.push(`warn: ${message}`),
    error: (message: string) => log.push(`error: ${message}`),
    debug: () => {},
    label: 'test',
    options: {},
    fork: () => logger,
  };
  return {
    log,
    entries: () => [...entries.values()],
    context: () =>
      ({
        collection: 'articles',
        store,
        meta: new Map<string, string>(),
        logger,
        config: {},
        parseData: async ({ data }: { data: Record<string, unknown> }) => (schema ? schema.parse(data) : data),
        generateDigest: (data: unknown) =>
          createHash('sha256')
            .update(typeof data === 'string' ? data : JSON.stringify(data))
            .digest('hex'),
        renderMarkdown: async () => ({ html: '' }),
      }) as unknown as LoaderContext,
  };
}
