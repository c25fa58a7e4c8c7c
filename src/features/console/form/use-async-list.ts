import { useEffect, useState } from 'react';

/**
 * The items `load` finds, reloaded whenever `load` changes (memoise it on what it reads); an
 * answer that comes after a newer request, or a failure, leaves the latest answer (or nothing).
 */
export function useAsyncList<T>(load: (() => Promise<T[]>) | undefined): T[] {
  const [items, setItems] = useState<T[]>([]);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (found) => live && setItems(found),
      () => live && setItems([])
    );
    return () => {
      live = false;
    };
  }, [load]);
  return items;
}
