import type { Resource } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';
import { ApiError, NetworkError, UnauthenticatedError } from '../http/errors';
import { rebaseOperations, sameContent } from './rebase';
import { applyTolerant } from './view';

/** How the server's answer to one outbox entry is treated. */
export type Outcome = 'transient' | 'conflict' | 'gone' | 'failed' | 'unauthenticated';

/**
 * A version conflict, whichever way the server says it: 412 (a failed test op or If-Match), 409,
 * 422, or 400 with "Test failed" in its words (as Medplum answers a failed test op).
 */
export function isVersionConflict(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if ([409, 412, 422].includes(error.status)) return true;
  return error.status === 400 && /test failed/i.test(error.message);
}

/** Worth trying again later: no answer, a timeout, the server busy or broken (5xx, 429, 408). */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  if (error instanceof TypeError) return true; // what fetch throws when the network is down
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** No answer at all: the device is (probably) offline. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TypeError) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

export function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 410);
}

export function classify(error: unknown): Outcome {
  if (error instanceof UnauthenticatedError) return 'unauthenticated';
  if (isVersionConflict(error)) return 'conflict';
  if (isGone(error)) return 'gone';
  if (isTransient(error)) return 'transient';
  return 'failed';
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether the server already holds a patch whose answer never arrived (the rule against applying a
 * change twice). The server applies a patch only on top of the version its test names, so if it was
 * applied, it made the version right after `base`. The change counts as applied when that
 * successor equals my operations applied to `base`, ignoring meta (which the server stamps). When
 * another user made exactly the same change first, this also says "applied", which is the truth the
 * user cares about: the server holds what she asked for, once.
 * For appends (notes, performer types) the test is simpler and does not need history: every item
 * I appended is already in their current list.
 */
export function patchAlreadyApplied(
  operations: readonly Operation[],
  base: Resource | undefined,
  successor: Resource | undefined,
  theirs: Resource,
  commutes: boolean
): boolean {
  if (commutes && rebaseOperations(operations, base, theirs).length === 0) return true;
  if (!base || !successor) return false;
  return sameContent(applyTolerant(base, [...operations]), successor);
}
