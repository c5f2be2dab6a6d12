// A Netlify Blobs server on local disk, for tests and the bench: no network, no account.
// Stores reach it as deployed functions reach Netlify Blobs (and as @netlify/dev
// points them at its own server): through its edge URL. Through its API URL
// instead, this server drops list({ prefix }) into the store's name and lists
// nothing, and the retention job and the submissions tool list by prefix.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore, setEnvironmentContext, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { SUBMISSIONS_STORE } from '../../src/server/submissions/store.ts';

export interface LocalBlobs {
  apiURL: string;
  siteID: string;
  token: string;
  /** The submissions store (or another by name) on this server. */
  store(name?: string): Store;
  /** Every key in the submissions store (or under a prefix), sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Points getStore() without options (as the deployed functions call it) at this server. */
  useAsEnvironment(): void;
  stop(): Promise<void>;
}

export async function startLocalBlobs(): Promise<LocalBlobs> {
  const directory = await mkdtemp(join(tmpdir(), 'mno-blobs-'));
  const token = 'test-token';
  const siteID = 'test-site';
  const server = new BlobsServer({ directory, token, logger: () => {} });
  const { port } = await server.start();
  const apiURL = `http://localhost:${port}`;
  const context = { siteID, token, edgeURL: apiURL, uncachedEdgeURL: apiURL };
  const store = (name = SUBMISSIONS_STORE) => getStore({ name, ...context, consistency: 'strong' });
  return {
    apiURL,
    siteID,
    token,
    store,
    async keys(prefix) {
      // Filtered again: for a prefix longer than a key, this server also lists the key.
      const { blobs } = await store().list(prefix ? { prefix } : {});
      return blobs
        .map((blob) => blob.key)
        .filter((key) => key.startsWith(prefix ?? ''))
        .sort();
    },
    useAsEnvironment() {
      setEnvironmentContext(context);
    },
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
