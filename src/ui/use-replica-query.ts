import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, type DependencyList } from 'react';
import type { ReplicaReader } from './replica/reader';
import { useReplicaContext, type ReplicaChanges } from './ReplicaProvider';

/**
 * Runs `read` against the replica and re-runs it whenever what it read changes, in this tab or
 * another (a Dexie live query over IndexedDB); undefined while the first answer is on its way.
 * `deps` are the values `read` depends on, as for useEffect.
 */
export function useReplicaQuery<T>(
  read: (reader: ReplicaReader) => Promise<T>,
  deps: DependencyList
): T | undefined {
  const { reader, changes } = useReplicaContext();
  const live = useLiveQuery(() => (changes ? undefined : read(reader)), [reader, changes, ...deps]);
  const announced = useAnnouncedQuery(changes, () => read(reader), [reader, ...deps]);
  return changes ? announced : live;
}

/**
 * For replicas live queries cannot observe (the in-memory one of jsdom tests): runs the read again
 * whenever the replica announces a change. Does nothing when `changes` is unset.
 */
function useAnnouncedQuery<T>(
  changes: ReplicaChanges | undefined,
  read: () => Promise<T>,
  deps: DependencyList
): T | undefined {
  const [value, setValue] = useState<{ value: T } | undefined>(undefined);
  useEffect(() => {
    if (!changes) return undefined;
    let current = true;
    let generation = 0;
    const run = () => {
      const mine = ++generation;
      void read().then((result) => {
        if (current && mine === generation) setValue({ value: result });
      });
    };
    run();
    const unsubscribe = changes(run);
    return () => {
      current = false;
      unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` are the caller's, as in useEffect
  }, [changes, ...deps]);
  return value?.value;
}
