import { describe, expect, it } from 'vitest';
import type { ReplicaReader } from './reader';
import { ReadDependencies, trackedReader } from './read-dependencies';

/** A reader whose every read answers nothing: only what the tracker notes matters here. */
const empty = {
  record: async () => undefined,
  recordsOfType: async () => [],
  outbox: async () => [],
  outboxOf: async () => [],
  conflicts: async () => [],
  counts: async () => ({ pending: 0, blocked: 0, conflicts: 0, failed: 0 }),
  meta: async () => undefined,
  definition: async () => undefined,
  search: {
    listResources: async () => [],
    getResources: async () => [],
    distinctValues: async () => [],
    queuePage: async () => ({ records: [], total: 0 }),
  },
} as ReplicaReader;

const wrote = (tables: string[], keys?: string[]) => ({
  tables: new Set(tables),
  resourceKeys: keys && new Set(keys),
});

describe('ReadDependencies', () => {
  it("a task page's reads (its record, its changes) see a change of that task or of the outbox, not of another record", async () => {
    const dependencies = new ReadDependencies();
    const reader = trackedReader(empty, dependencies);
    await reader.record('Task/t1');
    await reader.outboxOf('Task/t1');
    expect(dependencies.affectedBy(wrote(['resources'], ['Task/t1']))).toBe(true);
    expect(dependencies.affectedBy(wrote(['outbox']))).toBe(true);
    expect(dependencies.affectedBy(wrote(['resources'], ['Task/t2', 'Patient/p1']))).toBe(false);
    expect(dependencies.affectedBy(wrote(['meta']))).toBe(false);
  });

  it('a listed type sees any record of that type; a queue page sees any task', async () => {
    const dependencies = new ReadDependencies();
    const reader = trackedReader(empty, dependencies);
    await reader.recordsOfType('Communication');
    await reader.search.queuePage({ prefixes: ['x'], offset: 0, count: 20 });
    expect(dependencies.affectedBy(wrote(['resources'], ['Communication/c9']))).toBe(true);
    expect(dependencies.affectedBy(wrote(['resources'], ['Task/t9']))).toBe(true);
    expect(dependencies.affectedBy(wrote(['resources'], ['Observation/o1']))).toBe(false);
    expect(dependencies.affectedBy(wrote(['outbox']))).toBe(false);
  });

  it('a change whose report names no keys, or no report at all, may have changed anything the read went through', async () => {
    const dependencies = new ReadDependencies();
    await trackedReader(empty, dependencies).record('Patient/p1');
    expect(dependencies.affectedBy(wrote(['resources']))).toBe(true);
    expect(dependencies.affectedBy(undefined)).toBe(true);
    expect(dependencies.affectedBy(wrote(['definitions']))).toBe(false);
  });
});
