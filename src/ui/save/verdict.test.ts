import type { OperationOutcome } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { ConflictRecord, OutboxEntry } from '@/db/types';
import type { ReplicaReader } from '../replica/reader';
import { awaitVerdict, type VerdictSources } from './verdict';

const key = 'Patient/p1';
const applied = { seq: 7, key, id: 'p1' };

function entry(state: OutboxEntry['state'], extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    seq: 7,
    key,
    resourceType: 'Patient',
    resourceId: 'p1',
    kind: 'patch',
    operations: [],
    commutes: false,
    label: 'Edit Patient',
    createdAt: '2024-05-01T10:00:00Z',
    attempts: 0,
    notBefore: 0,
    state,
    revision: 0,
    ...extra,
  };
}

/** An outbox the test changes as the server would answer, announcing each change as the replica does. */
function outboxWorld(start: OutboxEntry[]) {
  let outbox = start;
  let conflicts: ConflictRecord[] = [];
  const listeners = new Set<() => void>();
  const offline = new Set<() => void>();
  let syncs = 0;
  const reader = {
    outboxOf: async () => outbox,
    conflicts: async () => conflicts,
  } as unknown as ReplicaReader;
  const sources = (answer?: () => void, waitMs = 60_000): VerdictSources => ({
    reader,
    changes: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    syncNow: async () => {
      syncs += 1;
      answer?.();
    },
    online: () => true,
    onOffline: (listener) => {
      offline.add(listener);
      return () => offline.delete(listener);
    },
    waitMs,
  });
  return {
    sources,
    set(next: OutboxEntry[], nextConflicts: ConflictRecord[] = []) {
      outbox = next;
      conflicts = nextConflicts;
      for (const listener of listeners) listener();
    },
    goOffline: () => {
      for (const listener of offline) listener();
    },
    syncs: () => syncs,
    listening: () => listeners.size,
  };
}

describe('awaitVerdict: what an online save tells its form', () => {
  it('says sent once the server took the change (it left the outbox), and asked for a sync to send it', async () => {
    const world = outboxWorld([entry('pending')]);
    const verdict = awaitVerdict(
      applied,
      world.sources(() => setTimeout(() => world.set([]), 5))
    );
    expect(await verdict).toEqual({ state: 'sent' });
    expect(world.syncs()).toBe(1);
    expect(world.listening()).toBe(0);
  });

  it("gives the server's own words when it refuses the change", async () => {
    const outcome: OperationOutcome = {
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'invalid',
          details: { text: 'Invalid uri format' },
          expression: ['Patient.url'],
        },
      ],
    };
    const world = outboxWorld([entry('pending')]);
    const verdict = awaitVerdict(
      applied,
      world.sources(() =>
        setTimeout(() => world.set([entry('failed', { error: 'Invalid uri format', outcome })]), 5)
      )
    );
    expect(await verdict).toMatchObject({ state: 'refused', outcome });
  });

  it('says conflict when another user changed the resource first', async () => {
    const world = outboxWorld([entry('pending')]);
    const verdict = awaitVerdict(
      applied,
      world.sources(() => setTimeout(() => world.set([entry('conflict')]), 5))
    );
    expect((await verdict).state).toBe('conflict');
  });

  it('says kept (on this device) when the device is offline, without waiting', async () => {
    const world = outboxWorld([entry('pending')]);
    const verdict = await awaitVerdict(applied, { ...world.sources(), online: () => false });
    expect(verdict).toEqual({ state: 'kept' });
    expect(world.syncs()).toBe(0);
  });

  it('says kept when the network goes while it waits, and when the server is too slow', async () => {
    const world = outboxWorld([entry('pending')]);
    const waiting = awaitVerdict(applied, world.sources());
    world.goOffline();
    expect(await waiting).toEqual({ state: 'kept' });

    const slow = await awaitVerdict(applied, world.sources(undefined, 30));
    expect(slow).toEqual({ state: 'kept' });
    expect(world.listening()).toBe(0);
  });
});
