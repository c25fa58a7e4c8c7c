import { errorResponse } from '@mocks/engine/http';
import { badRequest, methodNotAllowed, notFound } from '@mocks/engine/outcome';
import type { RequestContext } from '@mocks/engine/types';

/** The key-value API's path, keyvalue/v1/{key}: the key as sent. */
export const KEYVALUE_PATH = /^\/keyvalue\/v1\/(.*)$/;
/** The longest value kept, in characters. */
export const MAX_VALUE_LENGTH = 16 * 1024;
/** The longest key, in characters. */
export const MAX_KEY_LENGTH = 256;

/** One kept value: its slot (project, user, key) and its text. */
export type KeyValueEntry = [slot: string, value: string];

/** One change: a value set, or (value null) removed. */
export interface KeyValueChange {
  slot: string;
  value: string | null;
}

export interface KeyValueService {
  /** Answers GET, PUT and DELETE keyvalue/v1/{key} (the key as sent, still encoded). */
  handle(request: Request, context: RequestContext, encodedKey: string): Promise<Response>;
  /** Every value kept, for a saved state. */
  snapshot(): KeyValueEntry[];
  /** Replaces every value with a saved state's (none: empty). */
  restore(entries: readonly KeyValueEntry[] | undefined): void;
  /** Told of each change as it is made (a host keeps it on disk before answering). */
  onChange(listener: (change: KeyValueChange) => void): () => void;
}

/** Applies one change to saved entries (replaying a journal). */
export function withKeyValueChange(
  entries: readonly KeyValueEntry[] | undefined,
  change: KeyValueChange
): KeyValueEntry[] {
  const kept = (entries ?? []).filter(([slot]) => slot !== change.slot);
  if (change.value !== null) kept.push([change.slot, change.value]);
  return kept;
}

/**
 * A small text store per user, as Medplum's key-value API: each signed-in user (a profile in a project)
 * has keys of their own that no other user sees. Values are text, at most MAX_VALUE_LENGTH characters.
 * The values are part of the server's state: the `npm start` host keeps each change on disk before
 * answering, and a restart finds them.
 */
export function createKeyValueService(): KeyValueService {
  const values = new Map<string, string>();
  const listeners = new Set<(change: KeyValueChange) => void>();
  const changed = (slot: string, value: string | null): void => {
    for (const listener of [...listeners]) listener({ slot, value });
  };
  const slot = (context: RequestContext, key: string): string =>
    JSON.stringify([context.projectId, context.profile.reference ?? context.login, key]);

  return {
    async handle(request, context, encodedKey) {
      // Its errors carry the outcome ids of the FHIR engine's answers.
      try {
        const key = readKey(encodedKey);
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
            changed(slot(context, key), value);
            return new Response(null, { status: 204 });
          }
          case 'DELETE':
            if (values.delete(slot(context, key))) changed(slot(context, key), null);
            return new Response(null, { status: 204 });
          default:
            throw methodNotAllowed('Use GET, PUT or DELETE on keyvalue/v1/{key}');
        }
      } catch (error) {
        return errorResponse(error);
      }
    },
    snapshot: () => [...values],
    restore(entries) {
      values.clear();
      for (const entry of Array.isArray(entries) ? entries : []) {
        if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') {
          values.set(entry[0], entry[1]);
        }
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
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
