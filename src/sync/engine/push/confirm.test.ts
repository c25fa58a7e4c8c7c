import type { QuestionnaireResponse, Resource, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { outboxEntry, recordOf, task } from '@/db/testing/fixtures';
import type { OutboxEntry, ReplicaStore, ResourceKey } from '@/db/types';
import { pastOwnVersions } from '@/sync/engine/own-versions';
import { buildRecord } from '@/sync/engine/record';
import { confirm, confirmAll, type Confirmed } from './confirm';

const NOTE = { op: 'add', path: '/note', value: [{ text: 'Seen' }] } as const;

/** A server version of a task: `version` made at minute `version` of the day. */
function taskVersion(id: string, version: number, fields: Partial<Task> = {}): Task {
  const minute = String(version).padStart(2, '0');
  return task(id, {
    ...fields,
    meta: { versionId: String(version), lastUpdated: `2026-01-05T00:${minute}:00.000Z` },
  });
}

const response: QuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse',
  id: 'temp-1',
  status: 'completed',
};

/** Every key a scenario below may leave a record under. */
const KEYS: ResourceKey[] = [
  'Task/a',
  'Task/b',
  'Task/c',
  'Task/n',
  'Task/m',
  'Task/d',
  'Task/e',
  'QuestionnaireResponse/temp-1',
  'QuestionnaireResponse/srv-1',
];

/**
 * A replica holding the entries of one server answer, each as it was read for upload, and what
 * happened on the device while the answer travelled (an edit of one entry). Returns what the
 * server confirmed, in the answer's order.
 */
async function answerOfSixResources(store: ReplicaStore): Promise<Confirmed[]> {
  return store.transaction(async (tx) => {
    const add = async (entry: OutboxEntry, server: Resource | undefined): Promise<OutboxEntry> => {
      const seq = await tx.addOutbox(entry);
      const stored = { ...entry, seq };
      const id = entry.resourceId;
      const record = buildRecord(entry.resourceType, id, server, await tx.outboxOf(entry.key));
      if (record) await tx.putResource(record);
      return stored;
    };
    // Task a: its status change is edited while the answer travels.
    const a = await add(outboxEntry('Task/a', 'Start'), taskVersion('a', 1));
    await tx.putOutbox({ ...a, label: 'Start (edited)', revision: a.revision + 1 });
    // Task b: a claim, then a note queued on the same version, to move onto the claim's version.
    const b = await add(
      outboxEntry('Task/b', 'Claim Task', {
        operations: [{ op: 'add', path: '/owner', value: { reference: 'Practitioner/alice' } }],
      }),
      taskVersion('b', 1)
    );
    await add(outboxEntry('Task/b', 'Add Note', { operations: [NOTE], commutes: true }), taskVersion('b', 1));
    // Task c: a colleague's version 3 was pulled before the answer (version 2) arrived.
    const c = await add(outboxEntry('Task/c', 'Start'), taskVersion('c', 3));
    // Task n: a lost answer found applied (version 2) under a colleague's later version (3).
    const n = await add(outboxEntry('Task/n', 'Start'), taskVersion('n', 1));
    // Task m: a lost answer found applied, known only under a colleague's later version (3).
    const m = await add(outboxEntry('Task/m', 'Start'), taskVersion('m', 1));
    const mLater = taskVersion('m', 3, { status: 'in-progress', priority: 'urgent' });
    // Task d: a delete.
    const d = await add(
      outboxEntry('Task/d', 'Delete Task', { kind: 'delete', operations: [] }),
      taskVersion('d', 1)
    );
    // A response created here, then changed, and a task pointing at it under its temporary id.
    const created = await add(
      outboxEntry('QuestionnaireResponse/temp-1', 'Submit', {
        kind: 'create',
        operations: [],
        resource: response,
        baseVersionId: undefined,
      }),
      undefined
    );
    await add(
      outboxEntry('QuestionnaireResponse/temp-1', 'Amend', {
        operations: [{ op: 'replace', path: '/status', value: 'amended' }],
        baseVersionId: undefined,
      }),
      undefined
    );
    await add(
      outboxEntry('Task/e', 'Link response', {
        operations: [{ op: 'add', path: '/focus', value: { reference: 'QuestionnaireResponse/temp-1' } }],
      }),
      taskVersion('e', 1)
    );
    return [
      { entry: a, answer: taskVersion('a', 2, { status: 'in-progress' }) },
      { entry: b, answer: taskVersion('b', 2, { owner: { reference: 'Practitioner/alice' } }) },
      { entry: c, answer: taskVersion('c', 2, { status: 'in-progress' }) },
      {
        entry: n,
        answer: taskVersion('n', 2, { status: 'in-progress' }),
        newest: taskVersion('n', 3, { status: 'in-progress', priority: 'urgent' }),
      },
      { entry: m, answer: mLater, newest: mLater },
      { entry: d, answer: 'deleted' },
      {
        entry: created,
        answer: {
          ...response,
          id: 'srv-1',
          meta: { versionId: '1', lastUpdated: '2026-01-05T00:01:00.000Z' },
        },
      },
    ];
  });
}

/** Everything of the replica the confirmation may change. */
async function contents(store: ReplicaStore) {
  return store.transaction(async (tx) => ({
    outbox: await tx.listOutbox(),
    records: await tx.getResourcesByKeys(KEYS),
    made: await tx.getMetaValues(KEYS.map((key) => `made:${key}`)),
    creates: await tx.getMeta('confirmedCreates'),
  }));
}

const touched = () => ({ touched: new Set<ResourceKey>() });

describe('confirming a batch answer', () => {
  it('keeps an edit made during the upload, moves later changes and a new id along, in one answer', async () => {
    const store = new MemoryReplicaStore();
    const answer = await answerOfSixResources(store);
    const context = { ...touched(), replica: store };
    await store.transaction((tx) => confirmAll(context, tx, answer));

    const outbox = await store.transaction((tx) => tx.listOutbox());
    expect(outbox.map((entry) => [entry.key, entry.label, entry.baseVersionId])).toEqual([
      // Edited during its upload: still queued, now tested against the version it made.
      ['Task/a', 'Start (edited)', '2'],
      // Queued on the version the claim was made on: moved onto the claim's version.
      ['Task/b', 'Add Note', '2'],
      // The change to the new response moved to the server's id, on the version the create made.
      ['QuestionnaireResponse/srv-1', 'Amend', '1'],
      ['Task/e', 'Link response', '1'],
    ]);
    expect(outbox[2]?.resourceId).toBe('srv-1');
    // The task that points at the response now names the server's id.
    expect(outbox[3]?.operations).toEqual([
      { op: 'add', path: '/focus', value: { reference: 'QuestionnaireResponse/srv-1' } },
    ]);

    const [a, b, c, n, m, d, , temporary, created] = (await contents(store)).records;
    expect(a?.server?.meta?.versionId).toBe('2');
    expect(a?.pending).toBe(1);
    expect(b?.server?.meta?.versionId).toBe('2');
    expect((b?.resource as Task).note).toEqual([{ text: 'Seen' }]);
    // The colleague's newer version pulled before the answer is kept.
    expect(c?.server?.meta?.versionId).toBe('3');
    expect(c?.pending).toBe(0);
    // A change found applied under a colleague's later version: the later one is shown.
    expect((n?.server as Task | undefined)?.priority).toBe('urgent');
    expect((m?.server as Task | undefined)?.priority).toBe('urgent');
    expect(d).toBeUndefined();
    expect(temporary).toBeUndefined();
    expect(created?.server?.meta?.versionId).toBe('1');
    expect((created?.resource as QuestionnaireResponse).status).toBe('amended');

    // The versions this device's changes made, and not a colleague's version that only holds one.
    const own = await store.transaction(async (tx) => ({
      b: await pastOwnVersions(tx, 'Task/b', '1'),
      c: await pastOwnVersions(tx, 'Task/c', '1'),
      n: await pastOwnVersions(tx, 'Task/n', '1'),
      m: await pastOwnVersions(tx, 'Task/m', '1'),
    }));
    expect(own).toEqual({ b: '2', c: '2', n: '2', m: '1' });
    expect([...context.touched].sort()).toEqual([...KEYS].sort());
  });

  it('an answer confirmed together leaves the replica as its entries confirmed one by one', async () => {
    const together = new MemoryReplicaStore();
    const answer = await answerOfSixResources(together);
    await together.transaction((tx) => confirmAll(touched(), tx, answer));

    const inTurn = new MemoryReplicaStore();
    for (const confirmed of await answerOfSixResources(inTurn))
      await confirm({ ...touched(), replica: inTurn }, confirmed);

    expect(await contents(together)).toEqual(await contents(inTurn));
  });

  it('two changes of one task in one call end as they would confirmed one after another', async () => {
    const seed = async (store: ReplicaStore): Promise<Confirmed[]> =>
      store.transaction(async (tx) => {
        await tx.putResource(recordOf(taskVersion('a', 1)));
        const first = await tx.addOutbox(outboxEntry('Task/a', 'Claim Task'));
        const second = await tx.addOutbox(outboxEntry('Task/a', 'Add Note', { operations: [NOTE] }));
        const [claim, note] = (await tx.outboxOf('Task/a')) as [OutboxEntry, OutboxEntry];
        expect([claim.seq, note.seq]).toEqual([first, second]);
        return [
          { entry: claim, answer: taskVersion('a', 2) },
          { entry: note, answer: taskVersion('a', 3, { note: [{ text: 'Seen' }] }) },
        ];
      });
    const together = new MemoryReplicaStore();
    const both = await seed(together);
    await together.transaction((tx) => confirmAll(touched(), tx, both));
    const inTurn = new MemoryReplicaStore();
    for (const confirmed of await seed(inTurn)) await confirm({ ...touched(), replica: inTurn }, confirmed);

    const after = await contents(together);
    expect(after).toEqual(await contents(inTurn));
    // The note was moved onto the claim's version by the first confirmation, so the second finds
    // it changed since it was read: it stays queued on the version it made, as separate calls leave it.
    expect(after.outbox.map((entry) => [entry.label, entry.baseVersionId])).toEqual([['Add Note', '3']]);
    expect(after.records[0]?.server?.meta?.versionId).toBe('3');
  });

  it("a create answered with the id of a task held here, in the same call as that task's change, ends as confirmed one after another", async () => {
    const seed = async (store: ReplicaStore): Promise<Confirmed[]> =>
      store.transaction(async (tx) => {
        await tx.putResource(recordOf(taskVersion('x', 1)));
        await tx.addOutbox(outboxEntry('Task/x', 'Start'));
        const made = task('temp-2', { meta: undefined });
        await tx.addOutbox(
          outboxEntry('Task/temp-2', 'New Task', {
            kind: 'create',
            operations: [],
            resource: made,
            baseVersionId: undefined,
          })
        );
        await tx.addOutbox(
          outboxEntry('Task/temp-2', 'Add Note', { operations: [NOTE], baseVersionId: undefined })
        );
        const [start] = await tx.outboxOf('Task/x');
        const [create] = await tx.outboxOf('Task/temp-2');
        return [
          { entry: start as OutboxEntry, answer: taskVersion('x', 2, { status: 'in-progress' }) },
          { entry: create as OutboxEntry, answer: taskVersion('x', 1) },
        ];
      });
    const together = new MemoryReplicaStore();
    const both = await seed(together);
    await together.transaction((tx) => confirmAll(touched(), tx, both));
    const inTurn = new MemoryReplicaStore();
    for (const confirmed of await seed(inTurn)) await confirm({ ...touched(), replica: inTurn }, confirmed);

    const after = await together.transaction(async (tx) => ({
      outbox: await tx.listOutbox(),
      records: await tx.getResourcesByKeys(['Task/x', 'Task/temp-2']),
    }));
    expect(after).toEqual(
      await inTurn.transaction(async (tx) => ({
        outbox: await tx.listOutbox(),
        records: await tx.getResourcesByKeys(['Task/x', 'Task/temp-2']),
      }))
    );
    // The note queued on the new task moved to the held task; the held task keeps its newer version.
    expect(after.outbox.map((entry) => [entry.key, entry.label])).toEqual([['Task/x', 'Add Note']]);
    expect(after.records[0]?.server?.meta?.versionId).toBe('2');
    expect(after.records[1]).toBeUndefined();
  });
});
