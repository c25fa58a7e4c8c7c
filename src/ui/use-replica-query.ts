import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, type DependencyList } from 'react';
import type { ReplicaReader } from './replica/reader';
import { useReplicaContext, type ReplicaChanges } from './ReplicaProvider';

/**
 * Runs `read` against the replica and re-runs it whenever the replica changes, in this tab or
 * another, by the sync worker or the service worker; undefined while the first answer for these
 * `deps` is on its way. `deps` are the values `read` depends on, as for useEffect.
 *
 * With `changes` (the app's replicas announce every committed change) a read runs again after any
 * change of the tables the screens show, so an open list follows every pull, whatever index its
 * search read. Without it, a Dexie live query re-runs it when the ranges it read change.
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

const sameDeps = (a: DependencyList, b: DependencyList): boolean =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Runs the read, and again whenever the replica announces a change: at most one read at a time, and
 * one more after it when changes came in meanwhile, so a burst of commits costs two reads, not one
 * each. Does nothing when `changes` is unset.
 */
function useAnnouncedQuery<T>(
  changes: ReplicaChanges | undefined,
  read: () => Promise<T>,
  deps: DependencyList
): T | undefined {
  const [value, setValue] = useState<{ value: T; deps: DependencyList } | undefined>(undefined);
  useEffect(() => {
    if (!changes) return undefined;
    let current = true;
    let running = false;
    let again = false;
    const run = () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      void read()
        .then(
          (result) => {
            if (current) setValue({ value: result, deps });
          },
          (error: unknown) => console.error('A replica read failed', error)
        )
        .finally(() => {
          running = false;
          if (again && current) {
            again = false;
            run();
          }
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
  // An answer to other deps (another task, another search) is not this one's.
  return value && sameDeps(value.deps, deps) ? value.value : undefined;
}
