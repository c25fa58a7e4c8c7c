import { startTransition, useEffect, useState, type DependencyList } from 'react';
import type { ReplicaChange } from '@/db/changes';
import type { ReplicaReader } from './replica/reader';
import { ReadDependencies, trackedReader } from './replica/read-dependencies';
import { sameAnswer } from './same-answer';
import { useReplicaContext, type ReplicaChanges } from './ReplicaProvider';

/**
 * Runs `read` against the replica and re-runs it whenever the replica changes, in this tab or
 * another, by the sync worker or the service worker; undefined while the first answer for these
 * `deps` is on its way. `deps` are the values `read` depends on, as for useEffect.
 *
 * The replica announces every committed change (`changes`) with what it wrote, so a read runs again
 * after a change of anything it went through (a table, a type it listed, a record it read) and an
 * open list follows every pull, whatever index its search read. No Dexie live query runs beside
 * it: each one merges every mutated key of every commit into its own set until it next re-reads,
 * which during a first load costs the page more than the reads.
 */
export function useReplicaQuery<T>(
  read: (reader: ReplicaReader) => Promise<T>,
  deps: DependencyList,
  options: ReplicaQueryOptions = {}
): T | undefined {
  const { reader, changes, recent } = useReplicaContext();
  const { remember } = options;
  const readAndRemember = async (dependencies: ReadDependencies) => {
    const value = await read(trackedReader(reader, dependencies));
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

interface Answer<T> {
  value: T;
  deps: DependencyList;
}

/** How many changes announced during one read are held to be weighed one by one. */
const MAX_HELD_CHANGES = 64;

const sameDeps = (a: DependencyList, b: DependencyList): boolean =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Runs the read, and again whenever the replica announces a change the read may see: one that wrote
 * a table, a type or a record its last run went through (a report that cannot say counts as any).
 * At most one read at a time. The changes announced while it runs are held and, once it has
 * answered, weighed against what that run went through: one more read follows only if one of them
 * may have changed its answer. So a burst of commits costs at most two reads, and none that wrote
 * only what this read does not show (the first load's pages of other tasks, while a task's read
 * waits for the replica behind the load's writes).
 */
function useAnnouncedQuery<T>(
  changes: ReplicaChanges,
  read: (dependencies: ReadDependencies) => Promise<T>,
  deps: DependencyList
): T | undefined {
  const [value, setValue] = useState<Answer<T> | undefined>(undefined);
  useEffect(() => {
    let current = true;
    let running = false;
    /** The changes announced while a read ran; undefined in the list: a report that cannot say. */
    let heard: (ReplicaChange | undefined)[] = [];
    /** What the last finished run read; undefined until one has (then every change counts). */
    let seen: ReadDependencies | undefined;
    /** Whether these deps have had an answer drawn. */
    let answered = false;
    const run = () => {
      if (running) {
        // Asked again while a read runs: it is followed by another.
        heard.push(undefined);
        return;
      }
      running = true;
      const dependencies = new ReadDependencies();
      void read(dependencies)
        .then(
          (result) => {
            seen = dependencies;
            // The same data again (a commit that did not touch what this read shows) keeps the
            // answer the screen has, so nothing that draws it renders again. A first answer is
            // drawn at once (the user waits for it); a later one, a pull's news, in an interruptible
            // render: a burst of them never holds the page's thread for long, and a tap meanwhile
            // is drawn first.
            if (!current) return;
            const update = (previous: Answer<T> | undefined): Answer<T> | undefined =>
              previous && sameDeps(previous.deps, deps) && sameAnswer(previous.value, result)
                ? previous
                : { value: result, deps };
            if (answered) startTransition(() => setValue(update));
            else setValue(update);
            answered = true;
          },
          (error: unknown) => console.error('A replica read failed', error)
        )
        .finally(() => {
          running = false;
          // Weighed against this run's reads; a failed run leaves the last answered run's.
          const stale = heard.some((change) => !seen || seen.affectedBy(change));
          heard = [];
          if (stale && current) soon();
        });
    };
    /**
     * Each read opens in a task of its own, one per burst of changes. A screen's effects run in the
     * task of the render that mounts it when that render was urgent (a sign-in, a route change),
     * and a change's report reaches every read in one task: opening an IndexedDB read for each of
     * them there lengthened that task by all of them.
     */
    let timer: ReturnType<typeof setTimeout> | undefined;
    function soon(): void {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (current) run();
      }, 0);
    }
    soon();
    const unsubscribe = changes((change) => {
      if (running) {
        // Many reports held are as good as one that says anything may have changed.
        if (heard.length < MAX_HELD_CHANGES) heard.push(change);
        else heard = [undefined];
      } else if (!seen || seen.affectedBy(change)) soon();
    });
    return () => {
      current = false;
      clearTimeout(timer);
      unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` are the caller's, as in useEffect
  }, [changes, ...deps]);
  // An answer to other deps (another task, another search) is not this one's.
  return value && sameDeps(value.deps, deps) ? value.value : undefined;
}
