import type { Task } from '@medplum/fhirtypes';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReplicaSearchState, StoredResource } from '@/ui';
import { useShownSearch, type FirstPages } from './first-page';

const ME = 'Practitioner/me';
const LANDING = 'status%3Anot=completed&_sort=-priority-order%2Cdue-date&_count=20&_offset=0';
/** The same search as the list writes it, its parameters in another order. */
const LANDING_AS_LISTED = '_sort=-priority-order%2Cdue-date&status%3Anot=completed&_count=20&_offset=0';

const task = (id: string, code: string): Task => ({
  resourceType: 'Task',
  id,
  status: 'ready',
  intent: 'order',
  code: { text: code },
  meta: { versionId: '1', lastUpdated: '2026-01-01T00:00:00Z' },
});

const pages: FirstPages = [
  { profile: ME, query: LANDING, tasks: [task('a', 'Review labs'), task('b', 'Call patient')], total: 57 },
];

const stored = (resource: Task): StoredResource => ({
  key: `Task/${resource.id ?? ''}`,
  resourceType: 'Task',
  id: resource.id ?? '',
  resource,
  server: resource,
  pending: 0,
  deleted: 0,
  lastUpdated: resource.meta?.lastUpdated ?? '',
});

interface Props {
  query: string;
  found: ReplicaSearchState;
  pages: FirstPages;
  profile: string;
}

function shown(initial: Props) {
  return renderHook((props: Props) => useShownSearch(props.query, props.found, props.pages, props.profile), {
    initialProps: initial,
  });
}

const codes = (state: ReplicaSearchState): string[] =>
  state.status === 'ready' ? state.records.map((record) => (record.resource as Task).code?.text ?? '') : [];

describe('the task list on a first sign-in', () => {
  it('draws the first page the server sent before the replica holds it, then the replica’s rows', () => {
    const view = shown({
      query: LANDING_AS_LISTED,
      found: { status: 'not-held' },
      pages: undefined,
      profile: ME,
    });
    expect(view.result.current.previewed).toBe(false);
    expect(view.result.current.found.status).toBe('not-held');

    // The first answer reaches the worker: its rows are drawn while the replica holds none.
    view.rerender({ query: LANDING_AS_LISTED, found: { status: 'not-held' }, pages, profile: ME });
    expect(view.result.current.previewed).toBe(true);
    expect(codes(view.result.current.found)).toEqual(['Review labs', 'Call patient']);
    expect(view.result.current.found).toMatchObject({ total: 57 });

    // The load stored them and stops offering them; the replica has not answered yet: still drawn.
    view.rerender({
      query: LANDING_AS_LISTED,
      found: { status: 'ready', records: [], total: 0 },
      pages: undefined,
      profile: ME,
    });
    expect(codes(view.result.current.found)).toEqual(['Review labs', 'Call patient']);

    // The replica answers: its rows (with what the page may change on them) replace the preview.
    const replicaRows = [stored(task('a', 'Review labs (held)')), stored(task('b', 'Call patient (held)'))];
    view.rerender({
      query: LANDING_AS_LISTED,
      found: { status: 'ready', records: replicaRows, total: 57 },
      pages,
      profile: ME,
    });
    expect(view.result.current.previewed).toBe(false);
    expect(codes(view.result.current.found)).toEqual(['Review labs (held)', 'Call patient (held)']);

    // Never drawn again after the replica answered, even while the status still offers it.
    view.rerender({ query: LANDING_AS_LISTED, found: { status: 'loading' }, pages, profile: ME });
    expect(view.result.current.previewed).toBe(false);
    expect(view.result.current.found.status).toBe('loading');
  });

  it('draws nothing previewed for another search or another account', () => {
    const otherPage = shown({
      query: LANDING.replace('_offset=0', '_offset=20'),
      found: { status: 'not-held' },
      pages,
      profile: ME,
    });
    expect(otherPage.result.current.previewed).toBe(false);
    expect(otherPage.result.current.found.status).toBe('not-held');

    const completedTab = shown({
      query: 'status=completed&_sort=-priority-order%2Cdue-date&_count=20&_offset=0',
      found: { status: 'loading' },
      pages,
      profile: ME,
    });
    expect(completedTab.result.current.previewed).toBe(false);

    const otherAccount = shown({
      query: LANDING,
      found: { status: 'loading' },
      pages,
      profile: 'Practitioner/bob',
    });
    expect(otherAccount.result.current.previewed).toBe(false);
    expect(otherAccount.result.current.found.status).toBe('loading');
  });

  it('does not carry a preview of one search over to the next', () => {
    const view = shown({ query: LANDING, found: { status: 'loading' }, pages, profile: ME });
    expect(view.result.current.previewed).toBe(true);
    view.rerender({
      query: LANDING.replace('_count=20', '_count=50'),
      found: { status: 'loading' },
      pages,
      profile: ME,
    });
    expect(view.result.current.previewed).toBe(false);
  });
});
