import { useEffect, useState, type DependencyList } from 'react';
import type { ReplicaReader } from './replica/reader';
import { useReplicaContext, type ReplicaChanges } from './ReplicaProvider';

/**
 * Runs `read` against the replica and re-runs it whenever the replica changes, in this tab or
 * another, by the sync worker or the service worker; undefined while the first answer for these
 * `deps` is on its way. `deps` are the values `read` depends on, as for useEffect.
 *
 * The replica announces every committed change (`changes`), so a read runs again after any change
 * of the tables the screens show and an open list follows every pull, whatever index its search
 * read. No Dexie live query runs beside it: each one merges every mutated key of every commit into
 * its own set until it next re-reads, which during a first load costs the page more than the reads.
 */
export function useReplicaQuery<T>(
  read: (reader: ReplicaReader) => Promise<T>,
  deps: DependencyList,
  options: ReplicaQueryOptions = {}
): T | undefined {
  const { reader, changes, recent } = useReplicaContext();
  const { remember } = options;
  const readAndRemember = async () => {
    const value = await read(reader);
    if (remember !== undefined) recent.set(remember, value);
    return value;
  };
  const answer = useAnnouncedQuery(changes, readAndRemember, [reader, remember, ...deps]);
  // null is an answer (nothing held), not the lack of one.
  if (remember === undefined || answer !== undefined) return answer;
  return recent.get<T>(remember);
}

export interface ReplicaQueryOptions {
  /**
   * A name for what this read answers, the same whenever it would give the same answer (it includes
   * what `deps` hold). Until its read answers, the screen draws the last answer under this name:
   * coming back to a screen draws at once, and the read that follows brings anything changed meanwhile.
   */
  remember?: string;
}

const sameDeps = (a: DependencyList, b: DependencyList): boolean =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Runs the read, and again whenever the replica announces a change: at most one read at a time, and
 * one more after it when changes came in meanwhile, so a burst of commits costs two reads, not one
 * each.
 */
function useAnnouncedQuery<T>(
  changes: ReplicaChanges,
  read: () => Promise<T>,
  deps: DependencyList
): T | undefined {
  const [value, setValue] = useState<{ value: T; deps: DependencyList } | undefined>(undefined);
  useEffect(() => {
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
