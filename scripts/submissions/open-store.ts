// Which Blobs store the tool reads documents and the site's recorded settings
// from (records are in the database: open-database.ts): the live site's when
// NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set, else the local one that
// `npm start` writes (.netlify/blobs-serve, through the Blobs server
// @netlify/dev runs); the firm's store or, with --preview, the previews', each
// with the article alerts kept beside it ("alerts", "alerts-preview"). How the
// local one is reached and laid out: docs/architecture.md, "The submissions
// tool's store".
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { submissionStoreName } from '../../src/server/submissions/store.ts';
import { CliError, type OpenedStore } from './command.ts';

const LOCAL_BLOBS_DIRECTORY = join('.netlify', 'blobs-serve');

/** The site id @netlify/dev files local blobs under. */
function localSiteId(root: string): string {
  try {
    const state = JSON.parse(readFileSync(join(root, '.netlify', 'state.json'), 'utf8')) as { siteId?: unknown };
    if (typeof state.siteId === 'string' && state.siteId) return state.siteId;
  } catch {
    // not linked: no state file
  }
  return '0';
}

/** Which store: the firm's submissions, or what deploy previews and branch deploys received (`--preview`). */
interface StoreChoice {
  root: string;
  local: boolean;
  preview: boolean;
}

async function openLocalStore({ root, preview }: StoreChoice): Promise<OpenedStore> {
  const name = submissionStoreName(preview);
  const directory = join(root, LOCAL_BLOBS_DIRECTORY);
  if (!existsSync(directory)) {
    throw new CliError(
      `No local submissions: ${relative(process.cwd(), directory) || directory} does not exist. Run "npm start" and send a form, ` +
        'or set NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN to read the live site.',
    );
  }
  const token = randomUUID();
  const server = new BlobsServer({ directory, token, logger: () => {} });
  const { port } = await server.start();
  const siteID = localSiteId(root);
  const open = (storeName: string) =>
    getStore({
      name: storeName,
      siteID,
      token,
      edgeURL: `http://localhost:${port}`,
      uncachedEdgeURL: `http://localhost:${port}`,
      consistency: 'strong',
    });
  return {
    store: open(name),
    alerts: open(alertStoreName(preview)),
    description: `local (${relative(process.cwd(), directory) || directory}), store "${name}", alerts in "${alertStoreName(preview)}"`,
    close: () => server.stop(),
  };
}

function openLiveStore(siteID: string, token: string, { preview }: StoreChoice): OpenedStore {
  const name = submissionStoreName(preview);
  return {
    store: getStore({ name, siteID, token }),
    alerts: getStore({ name: alertStoreName(preview), siteID, token }),
    description: `live site ${siteID} (Netlify Blobs), store "${name}", alerts in "${alertStoreName(preview)}"`,
    live: true,
    close: async () => {},
  };
}

/** The Blobs store the previous version kept article alerts in, which import-blobs reads. */
export const alertStoreName = (preview: boolean) => (preview ? 'alerts-preview' : 'alerts');

export interface Credentials {
  siteId: string | undefined;
  token: string | undefined;
}

/** The live store if both credentials are set, the local one if neither is (or --local); one alone is an error. */
export async function openStoreFor(choice: StoreChoice, credentials: Credentials): Promise<OpenedStore> {
  if (choice.local) return openLocalStore(choice);
  const { siteId, token } = credentials;
  if (siteId && token) return openLiveStore(siteId, token, choice);
  if (siteId)
    throw new CliError(
      'NETLIFY_SITE_ID is set but NETLIFY_AUTH_TOKEN is not: set both to read the live site, or neither for the local store.',
    );
  if (token)
    throw new CliError(
      'NETLIFY_AUTH_TOKEN is set but NETLIFY_SITE_ID is not: set both to read the live site, or use --local.',
    );
  return openLocalStore(choice);
}
