// What every desk function shares: the route a request takes by method and path
// (under /api/v1/staff/), its JSON body, and faults answered as JSON — a
// sender's mistake with its status, the database unavailable with 503.
import * as v from 'valibot';
import { env } from '../../env.ts';
import { LIMITS } from '../../forms/shared/fields.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { readJsonBody } from '../http/json-body.ts';
import { errorResponse, jsonMessage, logError, type ErrorLogger } from '../http/responses.ts';
import { deskOff } from './guard.ts';

const STAFF_API = '/api/v1/staff';

const EMAIL_ADDRESS = v.pipe(v.string(), v.maxLength(LIMITS.email), v.email());

/** Whether `text` is an e-mail address, as the forms accept one. */
export const isEmailAddress = (text: string): boolean => v.is(EMAIL_ADDRESS, text);

export interface DeskDeps {
  db?: Database;
  now?: () => Date;
  log?: ErrorLogger;
}

export interface DeskRequest {
  request: Request;
  /** The path after /api/v1/staff/, split at its slashes. */
  parts: string[];
  db: Database;
  now: Date;
}

export type DeskRoute = (call: DeskRequest) => Promise<Response | undefined> | Response | undefined;

/** The body as an object, or a 400/413 for the sender. */
export async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A function answering `routes` in turn (the first that answers wins); none answering is a 404. */
export function deskFunction(what: string, deps: DeskDeps, routes: readonly DeskRoute[]) {
  return async (request: Request): Promise<Response> => {
    if (env.isPreviewDeploy) return deskOff();
    try {
      const path = new URL(request.url).pathname;
      if (!path.startsWith(`${STAFF_API}/`)) return jsonMessage(404, 'There is nothing here.');
      const parts = path
        .slice(STAFF_API.length + 1)
        .split('/')
        .filter(Boolean)
        .map(decodeURIComponent);
      const call = { request, parts, db: deps.db ?? openDatabase(), now: deps.now?.() ?? new Date() };
      for (const route of routes) {
        const answer = await route(call);
        if (answer) return answer;
      }
      return jsonMessage(404, 'There is nothing here.');
    } catch (error) {
      return errorResponse(error, { what, log: deps.log ?? logError });
    }
  };
}

/** Whether the request is `method` to the path `pattern` (':name' matches one part); its named parts. */
export function route(call: DeskRequest, method: string, pattern: string): Record<string, string> | undefined {
  const names = pattern.split('/').filter(Boolean);
  if (names.length !== call.parts.length) return undefined;
  const found: Record<string, string> = {};
  for (const [index, name] of names.entries()) {
    const part = call.parts[index]!;
    if (name.startsWith(':')) found[name.slice(1)] = part;
    else if (name !== part) return undefined;
  }
  if (call.request.method !== method) return undefined;
  return found;
}
