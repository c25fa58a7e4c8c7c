/** How long work put off until the page is idle waits at most for an idle moment. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` in the browser's next idle moment (at most IDLE_TIMEOUT_MS later), or after a short
 * pause where the browser has no idle callbacks; returns its cancel. For code a screen may need
 * soon but does not draw first: fetched then, it never holds back what the screen draws.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, IDLE_TIMEOUT_MS / 2);
  return () => clearTimeout(timer);
}
