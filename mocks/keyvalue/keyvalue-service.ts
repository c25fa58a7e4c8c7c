import { errorResponse } from '../engine/http';
import { badRequest, methodNotAllowed, notFound } from '../engine/outcome';
import type { RequestContext } from '../engine/types';

/** The key-value API's path: keyvalue/v1/{key}. */
export const KEYVALUE_PATH = '/keyvalue/v1/';
/** The longest value kept, in characters. */
export const MAX_VALUE_LENGTH = 16 * 1024;
/** The longest key, in characters. */
export const MAX_KEY_LENGTH = 256;

export interface KeyValueService {
  /** Answers GET, PUT and DELETE keyvalue/v1/{key}; undefined for every other path. */
  handle(request: Request, context: RequestContext): Promise<Response | undefined>;
}

/**
 * A small text store per user, as Medplum's key-value API: each signed-in user (a profile in a project)
 * has keys of their own that no other user sees. Values are text, at most MAX_VALUE_LENGTH characters.
 * Kept in memory: a restart of the fake server empties it.
 */
export function createKeyValueService(): KeyValueService {
  const values = new Map<string, string>();
  const slot = (context: RequestContext, key: string): string =>
    JSON.stringify([context.projectId, context.profile.reference ?? context.login, key]);

  return {
    async handle(request, context) {
      const url = new URL(request.url);
      if (!url.pathname.startsWith(KEYVALUE_PATH)) return undefined;
      try {
        const key = readKey(url.pathname.slice(KEYVALUE_PATH.length));
        switch (request.method.toUpperCase()) {
          case 'GET': {
            const value = values.get(slot(context, key));
            if (value === undefined) throw notFound(`No value for key '${key}'`);
            return new Response(value, { status: 200, headers: { 'Content-Type': 'text/plain' } });
          }
          case 'PUT': {
            const value = await request.text();
            if (value.length > MAX_VALUE_LENGTH) {
              throw badRequest(`Value too long: at most ${MAX_VALUE_LENGTH} characters`);
            }
            values.set(slot(context, key), value);
            return new Response(null, { status: 204 });
          }
          case 'DELETE':
            values.delete(slot(context, key));
            return new Response(null, { status: 204 });
          default:
            throw methodNotAllowed('Use GET, PUT or DELETE on keyvalue/v1/{key}');
        }
      } catch (error) {
        return errorResponse(error);
      }
    },
  };
}

function readKey(encoded: string): string {
  let key: string;
  try {
    key = decodeURIComponent(encoded);
  } catch {
    throw badRequest('The key is not a valid URL path segment');
  }
  if (key === '' || key.includes('/')) throw badRequest('Name one key: keyvalue/v1/{key}');
  if (key.length > MAX_KEY_LENGTH) throw badRequest(`Key too long: at most ${MAX_KEY_LENGTH} characters`);
  return key;
}
