/**
 * A load run once for all who need it: callers while it runs share it, callers after it succeeded
 * get it at once, and a load that failed is tried again by the next caller.
 */
export function loadOnce(load: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
