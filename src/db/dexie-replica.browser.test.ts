import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { DexieReplicaStore } from './dexie-replica';
import type { ReplicaLifecycleEvent } from './lifecycle';
import { storedForm } from './derive';
import { dexieQueryReader } from './query-reader';
import { queuePrefix } from './queue-keys';
import { REPLICA_SCHEMA, type SchemaVersion } from './schema';
import { openTestReplica, uniqueDatabaseName } from './testing/dexie-harness';
import { outboxEntry, recordOf, task } from './testing/fixtures';
import { describeReplicaContract } from './testing/replica-contract';

describeReplicaContract('DexieReplicaStore in IndexedDB', async () => openTestReplica('contract'));

/** The next schema as a future release might ship it: a new outbox index and a row rewrite. */
const NEXT_VERSION: SchemaVersion = {
  version: (REPLICA_SCHEMA.at(-1)?.version ?? 0) + 1,
  stores: { outbox: '++seq, key, state, createdAt' },
  upgrade: (transaction) =>
    transaction
      .table('outbox')
      .toCollection()
      .modify((entry: { label: string }) => {
        entry.label = `${entry.label} (migrated)`;
      }),
};
const NEXT_SCHEMA = [...REPLICA_SCHEMA, NEXT_VERSION];

describe('DexieReplicaStore across connections and versions', () => {
  const names: string[] = [];
  const stores: DexieReplicaStore[] = [];
  const open = (name: string, versions = REPLICA_SCHEMA) => {
    const store = new DexieReplicaStore({ name, versions, durability: 'relaxed' });
    stores.push(store);
    return store;
  };
  const newName = (label: string) => {
    const name = uniqueDatabaseName(label);
    names.push(name);
    return name;
  };

  afterEach(async () => {
    for (const store of stores.splice(0)) store.close();
    for (const name of names.splice(0)) await Dexie.delete(name);
  });

  it('version 2 puts the tasks of a version 1 replica in their queues and keeps the outbox', async () => {
    const name = newName('queues');
    const v1 = open(name, REPLICA_SCHEMA.slice(0, 1));
    const seq = await v1.transaction((tx) => tx.addOutbox(outboxEntry('Task/t1', 'Claim Task')));
    // Rows as version 1 wrote them: queue fields derived, no queue entries.
    const { queue: _none, ...row } = await storedForm(
      recordOf(task('t1', { status: 'ready', owner: { reference: 'Practitioner/alice' } })),
      () => undefined
    );
    await v1.db.resources.put(row);
    v1.close();

    const v2 = open(name);
    const prefixes = [queuePrefix({ kind: 'owner', owner: 'Practitioner/alice', open: true })];
    const page = await dexieQueryReader(v2.db).queuePage({ prefixes, offset: 0, count: 20 });
    expect({ keys: page.records.map((r) => r.key), total: page.total }).toEqual({
      keys: ['Task/t1'],
      total: 1,
    });
    await v2.transaction(async (tx) => {
      expect(await tx.getOutbox(seq)).toMatchObject({ label: 'Claim Task', state: 'pending' });
    });
  });

  it('version 4 keeps the records and outbox of a version 3 replica, its queue and type reads answering, and writes no unread index', async () => {
    const name = newName('v4');
    const v3 = open(name, REPLICA_SCHEMA.slice(0, 3));
    const seq = await v3.transaction(async (tx) => {
      await tx.putResource(
        recordOf(task('t1', { status: 'ready', owner: { reference: 'Practitioner/alice' } }))
      );
      return tx.addOutbox(outboxEntry('Task/t1', 'Claim Task'));
    });
    v3.close();

    const v4 = open(name);
    await v4.db.open();
    const indexes = v4.db.resources.schema.indexes.map((index) => index.name).sort();
    expect(indexes).toEqual(['owner', 'patient', 'patientState', 'performer', 'queue', 'status']);
    const reader = dexieQueryReader(v4.db);
    const prefixes = [queuePrefix({ kind: 'owner', owner: 'Practitioner/alice', open: true })];
    const page = await reader.queuePage({ prefixes, offset: 0, count: 20 });
    expect(page.records.map((r) => r.key)).toEqual(['Task/t1']);
    const owned = await reader.listResources('Task', [{ field: 'owner', anyOf: ['Practitioner/alice'] }]);
    expect(owned.map((r) => r.key)).toEqual(['Task/t1']);
    await v4.transaction(async (tx) => {
      expect(await tx.getOutbox(seq)).toMatchObject({ label: 'Claim Task', state: 'pending' });
      expect(await tx.keysOfType('Task')).toEqual(['Task/t1']);
    });
  });

  it('an outbox entry survives closing and reopening the database (no edit lost with the tab)', async () => {
    const name = newName('reopen');
    const first = open(name);
    const seq = await first.transaction(async (tx) => {
      await tx.putResource(recordOf(task('t1', { status: 'completed' }), { pending: 1 }));
      return tx.addOutbox(outboxEntry('Task/t1', 'Complete Task'));
    });
    first.close();

    const second = open(name);
    await second.transaction(async (tx) => {
      expect(await tx.getOutbox(seq)).toMatchObject({ seq, label: 'Complete Task', state: 'pending' });
      expect(await tx.getResource('Task/t1')).toMatchObject({ status: 'completed', pending: 1 });
    });
    const next = await second.transaction((tx) => tx.addOutbox(outboxEntry('Task/t1', 'Add Note')));
    expect(next).toBeGreaterThan(seq);
  });

  it('an upgrade to the next schema version keeps the outbox (no pending edit lost in an app update)', async () => {
    const name = newName('upgrade');
    const old = open(name);
    const seqs = await old.transaction(async (tx) => {
      await tx.putResource(recordOf(task('t1')));
      return [
        await tx.addOutbox(outboxEntry('Task/t1', 'Claim Task')),
        await tx.addOutbox(outboxEntry('Task/t1', 'Add Note', { commutes: true })),
      ];
    });
    old.close();

    const updated = open(name, NEXT_SCHEMA);
    const outbox = await updated.transaction((tx) => tx.listOutbox());
    expect(outbox.map((entry) => [entry.seq, entry.label])).toEqual([
      [seqs[0], 'Claim Task (migrated)'],
      [seqs[1], 'Add Note (migrated)'],
    ]);
    expect(updated.db.verno).toBe(NEXT_VERSION.version);
    expect(await updated.transaction((tx) => tx.getResource('Task/t1'))).toBeDefined();
    const later = await updated.transaction((tx) => tx.addOutbox(outboxEntry('Task/t1', 'Pause Task')));
    expect(later).toBeGreaterThan(seqs[1] ?? Infinity);
  });

  it('an older tab closes and says reload when another tab upgrades (the upgrade is not blocked)', async () => {
    const name = newName('versionchange');
    const oldTab = open(name);
    const oldEvents: ReplicaLifecycleEvent[] = [];
    oldTab.lifecycle.subscribe((event) => oldEvents.push(event));
    await oldTab.transaction((tx) => tx.addOutbox(outboxEntry('Task/t1', 'Claim Task')));

    const newTab = open(name, NEXT_SCHEMA);
    const newEvents: ReplicaLifecycleEvent[] = [];
    newTab.lifecycle.subscribe((event) => newEvents.push(event));
    expect(await newTab.transaction((tx) => tx.listOutbox())).toHaveLength(1);

    expect(oldEvents.map((event) => event.type)).toEqual(['open', 'outdated']);
    expect(oldEvents[1]).toMatchObject({ reason: 'upgrade' });
    expect(newEvents.map((event) => event.type)).toEqual(['open']);
    // The old tab writes nothing more into a schema it does not know.
    await expect(oldTab.transaction((tx) => tx.listOutbox())).rejects.toThrow();
  });

  it('a blocked upgrade is reported, not hung', async () => {
    const name = newName('blocked');
    const old = open(name);
    await old.transaction((tx) => tx.addOutbox(outboxEntry('Task/t1', 'Claim Task')));
    old.close();
    // An old connection that ignores 'versionchange', as a tab of an older build might.
    const stubborn = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });

    const newTab = open(name, NEXT_SCHEMA);
    const events: ReplicaLifecycleEvent[] = [];
    newTab.lifecycle.subscribe((event) => events.push(event));
    const opening = newTab.db.open();
    await expect.poll(() => events.map((event) => event.type)).toEqual(['waiting-for-other-tabs']);

    stubborn.close();
    await opening;
    expect(events.map((event) => event.type)).toEqual(['waiting-for-other-tabs', 'open']);
    expect(await newTab.transaction((tx) => tx.listOutbox())).toHaveLength(1);
  });

  it('a change is on disk when transaction() resolves (strict durability by default)', async () => {
    const store = new DexieReplicaStore({ name: newName('durability') });
    stores.push(store);
    const seq = await store.transaction((tx) => tx.addOutbox(outboxEntry('Task/t1', 'Claim Task')));
    expect(await store.db.outbox.get(seq)).toBeDefined();
    const durability = await store.db.transaction('rw', store.db.meta, (transaction) => {
      const native = transaction.idbtrans as IDBTransaction & { durability?: string };
      return native.durability;
    });
    expect(durability).toBe('strict');
  });
});
