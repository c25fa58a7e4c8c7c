import type { Resource } from '@medplum/fhirtypes';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { resourceKey, useReplicaContext, type ReplicaSearchState, type StoredResource } from '@/ui';

type ServiceStatus = ReturnType<ReturnType<typeof useReplicaContext>['statusStore']['getSnapshot']>;

/** The first pages a first load received and has not stored yet, as the sync status carries them. */
export type FirstPages = ServiceStatus['firstPages'];

/** What the list draws: the replica's answer, or a first page the server sent before it is stored. */
export interface ShownSearch {
  found: ReplicaSearchState;
  /** True while the rows are the server's first page, not the replica's. */
  previewed: boolean;
  /** False when the server did not count the matches (the pager waits for the replica). */
  counted: boolean;
}

/** A search as a set of parameters, whatever their order. */
function canonical(query: string): string {
  const params = new URLSearchParams(query);
  params.sort();
  return params.toString();
}

interface Preview {
  records: StoredResource[];
  total: number;
  counted: boolean;
}

/**
 * The first page of `query` that a first load of `profile`'s account received, as list rows: only
 * for the identical search (filters, sort, page) and the same account. It carries no local changes;
 * a first load has none.
 */
export function previewedPage(pages: FirstPages, query: string, profile: string): Preview | undefined {
  const wanted = canonical(query);
  const page = pages?.find(
    (candidate) => candidate.profile === profile && canonical(candidate.query) === wanted
  );
  if (!page) return undefined;
  const records = page.tasks.flatMap((task: Resource): StoredResource[] =>
    task.id
      ? [
          {
            key: resourceKey(task.resourceType, task.id),
            resourceType: task.resourceType,
            id: task.id,
            resource: task,
            server: task,
            pending: 0,
            deleted: 0,
            lastUpdated: task.meta?.lastUpdated ?? '',
          },
        ]
      : []
  );
  return { records, total: page.total ?? records.length, counted: page.total !== undefined };
}

/** The sync status's first pages, following the status (no redraw for the status's other fields). */
export function useFirstPages(): FirstPages {
  const { statusStore } = useReplicaContext();
  const firstPages = useCallback(() => statusStore.getSnapshot().firstPages, [statusStore]);
  return useSyncExternalStore(statusStore.subscribe, firstPages, firstPages);
}

interface Held {
  query: string;
  preview?: Preview;
  /** The replica produced rows for the query: nothing previewed is drawn again. */
  answered: boolean;
}

/**
 * The list's rows: the replica's, or, while its read of `query` has produced no rows yet, the first
 * page the first load received for exactly that search. A preview seen once is kept until the
 * replica answers (the load stops offering it once stored, before the list has read it again); once
 * the replica produced rows, only the replica's are drawn.
 */
export function useShownSearch(
  query: string,
  found: ReplicaSearchState,
  pages: FirstPages,
  profile: string
): ShownSearch {
  const answered = found.status === 'ready' && found.records.length > 0;
  const offered = useMemo(
    () => (answered ? undefined : previewedPage(pages, query, profile)),
    [answered, pages, query, profile]
  );
  const [held, setHeld] = useState<Held>({ query, answered: false });
  let next = held.query === query ? held : { query, answered: false };
  if (answered && !next.answered) next = { query, answered: true };
  else if (!next.answered && offered && next.preview !== offered) next = { ...next, preview: offered };
  // Derived from the renders before: adjusted during render, as React allows for a component's own state.
  if (next !== held) setHeld(next);

  const preview = next.answered || found.status === 'invalid' ? undefined : next.preview;
  if (!preview || preview.records.length === 0) return { found, previewed: false, counted: true };
  return {
    found: { status: 'ready', records: preview.records, total: preview.total },
    previewed: true,
    counted: preview.counted,
  };
}
