import type { Clock, FetchLike } from '../platform';
import { NetworkError } from './errors';

/** Fetch retries: 3 attempts, 200 ms apart. */
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_RETRY_DELAY_MS = 200;

export interface RetryPolicy {
  fetch: FetchLike;
  clock: Clock;
  maxAttempts?: number;
  retryDelayMs?: number;
  /** Called when the network has failed twice in a row: the device is probably offline. */
  onOffline?: () => void;
}

/**
 * Sends one request, repeating it when the server answers 5xx or the network fails.
 * Returns the last answer (which may still be a 5xx); throws NetworkError when no answer came.
 */
export async function fetchWithRetry(url: string, init: RequestInit, policy: RetryPolicy): Promise<Response> {
  const maxAttempts = policy.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const delay = policy.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await policy.fetch(url, init);
    } catch (error) {
      if (isAbort(error)) {
        throw error;
      }
      if (attempt === 2) {
        policy.onOffline?.();
      }
      if (attempt >= maxAttempts) {
        throw new NetworkError(error);
      }
      await policy.clock.sleep(delay);
      continue;
    }
    if (response.status >= 500 && attempt < maxAttempts) {
      void response.body?.cancel().catch(() => undefined);
      await policy.clock.sleep(delay);
      continue;
    }
    return response;
  }
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
