import type { Patient } from '@medplum/fhirtypes';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReplicaChange } from '@/db/changes';
import type { ResourceKey } from '@/db/types';
import type { ReplicaReader } from './replica/reader';
import { ReplicaProvider, type ReplicaChanges } from './ReplicaProvider';
import { replicaHarness, type ReplicaHarness } from './testing/replica-harness';
import { useReplicaQuery } from './use-replica-query';

const patient = (id: string, family: string): Patient => ({
  resourceType: 'Patient',
  id,
  name: [{ given: ['Test'], family }],
});

/** The held patients' family names, read under a name. */
function Families() {
  const families = useReplicaQuery(
    async (reader) =>
      (await reader.recordsOfType('Patient'))
        .map((record) => (record.resource as Patient).name?.[0]?.family ?? '')
        .sort()
        .join(', '),
    [],
    { remember: 'families' }
  );
  return <p>{families === undefined ? 'Loading' : `Families: ${families}`}</p>;
}

/** A screen the user leaves and comes back to, under the same provider (as in the app). */
function Toggle() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setShown(!shown)}>{shown ? 'Leave' : 'Come back'}</button>
      {shown && <Families />}
    </>
  );
}

/** Clicks synchronously: what the screen draws before any read can answer is on the page after it. */
const click = (name: string) => act(() => void fireEvent.click(screen.getByRole('button', { name })));

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
  await h.hold(patient('p1', 'Abbott'));
});
afterEach(() => h.stop());

describe('useReplicaQuery with a remembered answer', () => {
  it('draws the last answer at once when its screen comes back, then what the replica holds now', async () => {
    h.render(<Toggle />);
    expect(await screen.findByText('Families: Abbott')).toBeTruthy();
    click('Leave');
    await h.hold(patient('p2', 'Baker'));

    click('Come back');
    // The first drawing, before any read has answered: the last answer, not 'Loading'.
    expect(screen.getByText('Families: Abbott')).toBeTruthy();
    expect(await screen.findByText('Families: Abbott, Baker')).toBeTruthy();
  });

  it('forgets the answers when the session ends, so the next account never sees them', async () => {
    h.render(<Toggle />);
    expect(await screen.findByText('Families: Abbott')).toBeTruthy();
    click('Leave');
    await act(() => h.props.client.session.clear());

    click('Come back');
    expect(screen.getByText('Loading')).toBeTruthy();
  });
});

/** One patient's family name, read by key. */
function Family({ id }: { id: string }) {
  const family = useReplicaQuery(
    async (reader) => reader.record(`Patient/${id}`) as Promise<{ resource: Patient } | undefined>,
    [id]
  );
  return (
    <p>{family === undefined ? 'Loading' : `Family: ${family?.resource.name?.[0]?.family ?? 'none'}`}</p>
  );
}

describe('useReplicaQuery and the changes announced while it reads', () => {
  it('reads again only for a change that wrote what the read went through', async () => {
    const listeners = new Set<(change?: ReplicaChange) => void>();
    const changes: ReplicaChanges = (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    const announce = (...keys: ResourceKey[]) =>
      act(() =>
        listeners.forEach((listener) =>
          listener({ tables: new Set(['resources']), resourceKeys: new Set(keys) })
        )
      );
    // Each read of a record waits until the test lets it answer, as a read behind a long write does.
    let reads = 0;
    let answer = () => {};
    const reader: ReplicaReader = {
      ...h.props.reader,
      async record(key) {
        reads++;
        await new Promise<void>((resolve) => (answer = resolve));
        return h.props.reader.record(key);
      },
    };
    render(
      <ReplicaProvider {...h.props} reader={reader} changes={changes}>
        <Family id="p1" />
      </ReplicaProvider>
    );
    await waitFor(() => expect(reads).toBe(1));

    // Another patient written while the read waits: its answer stands.
    await announce('Patient/p2');
    await act(async () => answer());
    expect(await screen.findByText('Family: Abbott')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(1);

    // The patient it read, written while the next read waits: that read is not the last.
    await announce('Patient/p1');
    await waitFor(() => expect(reads).toBe(2));
    await announce('Patient/p1');
    await act(async () => answer());
    await waitFor(() => expect(reads).toBe(3));
  });
  it('opens its reads after the render that mounts it, one per burst of changes', async () => {
    const listeners = new Set<(change?: ReplicaChange) => void>();
    const changes: ReplicaChanges = (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    let reads = 0;
    const reader: ReplicaReader = {
      ...h.props.reader,
      record(key) {
        reads++;
        return h.props.reader.record(key);
      },
    };
    render(
      <ReplicaProvider {...h.props} reader={reader} changes={changes}>
        <Family id="p1" />
      </ReplicaProvider>
    );
    // The mounting render and its effects are done, and no read was opened in their task.
    expect(reads).toBe(0);
    expect(await screen.findByText('Family: Abbott')).toBeTruthy();
    expect(reads).toBe(1);

    // Three reports in one task: one read.
    act(() => {
      for (let i = 0; i < 3; i++)
        listeners.forEach((listener) =>
          listener({ tables: new Set(['resources']), resourceKeys: new Set(['Patient/p1' as ResourceKey]) })
        );
    });
    expect(reads).toBe(1);
    await waitFor(() => expect(reads).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(2);
  });
});
