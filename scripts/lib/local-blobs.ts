// A Netlify Blobs server on local disk, for tests and the bench: no network, no account.
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
  const store = (name = SUBMISSIONS_STORE) => getStore({ name, siteID, token, apiURL, consistency: 'strong' });
  return {
    apiURL,
    siteID,
    token,
    store,
    async keys(prefix) {
      // Filtered here: the local BlobsServer does not list nested keys by prefix.
      const { blobs } = await store().list();
      return blobs
        .map((blob) => blob.key)
        .filter((key) => key.startsWith(prefix ?? ''))
        .sort();
    },
    useAsEnvironment() {
      setEnvironmentContext({ siteID, token, apiURL });
    },
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
