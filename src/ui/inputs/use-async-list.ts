import { useEffect, useState } from 'react';

export interface AsyncList<T> {
  items: T[];
  /** Why the latest lookup failed, in the words of whoever refused it (a server's refusal). */
  error?: string;
}

/**
 * The items `load` finds, reloaded whenever `load` changes (memoise it on what it reads); an
 * answer that comes after a newer request leaves the latest answer, and a failure leaves no items
 * and its reason.
 */
export function useAsyncList<T>(load: (() => Promise<T[]>) | undefined): AsyncList<T> {
  const [list, setList] = useState<AsyncList<T>>({ items: [] });
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (items) => live && setList({ items }),
      (reason: unknown) =>
        live && setList({ items: [], error: reason instanceof Error ? reason.message : String(reason) })
    );
    return () => {
      live = false;
    };
  }, [load]);
  return list;
}
