import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Resource } from '@medplum/fhirtypes';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import jsonPatch from 'fast-json-patch';
import type { ReactNode } from 'react';
import { deriveFields, serverRecord } from '@/db/derive';
import { splitPending } from '@/db/outbox-counts';
import type { ConflictRecord, OutboxEntry, StoredResource } from '@/db/types';
import type { ApiClient } from '@/sync/client';
import type { AppliedChange, LocalChange } from '@/sync/engine/types';
import type { ServiceStatus, SyncServiceApi } from '@/sync/service/types';
import { createRecordReader } from '@/sync/local-query';
import { ReplicaProvider, type ReplicaReader } from '@/ui';

const STATUS: ServiceStatus = {
  online: true,
  syncing: false,
  pending: 0,
  blocked: 0,
  conflicts: 0,
  failed: 0,
  signedIn: true,
  leader: true,
};

/**
 * A replica and sync service in memory for component tests: changes apply at once, as the engine
 * applies them locally, and the test decides how each ends on the server (`settle`).
 */
export class FakeReplica {
  readonly records = new Map<string, StoredResource>();
  readonly outbox = new Map<number, OutboxEntry>();
  readonly conflicts = new Map<number, ConflictRecord>();
  /** The replica's meta values (the cached SearchParameter definitions). */
  readonly meta = new Map<string, unknown>();
  readonly applied: LocalChange[] = [];
  /** Set to make the next applyChange reject with this error (nothing stored). */
  rejectNext: Error | undefined;
  private nextSeq = 1;
  private readonly listeners = new Set<() => void>();

  constructor(readonly profile: string) {}

  put(resource: Resource): void {
    const record = serverRecord(resource);
    this.records.set(record.key, record);
    this.emit();
  }

  resource<T extends Resource>(key: string): T | undefined {
    return this.records.get(key)?.resource as T | undefined;
  }

  /** The server's answer to a change: confirmed, a version conflict, or refused with its words. */
  settle(seq: number, outcome: 'synced' | 'conflict' | 'failed', error?: string): void {
    const entry = this.outbox.get(seq);
    if (!entry) throw new Error(`No outbox entry ${seq}`);
    if (outcome === 'synced') this.outbox.delete(seq);
    else this.outbox.set(seq, { ...entry, state: outcome, error });
    if (outcome === 'conflict') {
      const mine: Resource = this.records.get(entry.key)?.resource ?? {
        resourceType: 'Task',
        status: 'ready',
        intent: 'order',
      };
      this.conflicts.set(seq, {
        seq,
        key: entry.key,
        label: entry.label,
        mine,
        detectedAt: new Date().toISOString(),
      });
    }
    this.emit();
  }

  readonly reader: ReplicaReader = {
    record: async (key) => this.records.get(key),
    recordsOfType: async (type) =>
      [...this.records.values()].filter((record) => record.resourceType === type),
    outbox: async () => [...this.outbox.values()],
    outboxOf: async (key) => [...this.outbox.values()].filter((entry) => entry.key === key),
    conflicts: async () => [...this.conflicts.values()],
    counts: async () => ({
      ...splitPending([...this.outbox.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))),
      conflicts: this.conflicts.size,
      failed: [...this.outbox.values()].filter((entry) => entry.state === 'failed').length,
    }),
    meta: async <T,>(key: string) => this.meta.get(key) as T | undefined,
    search: {
      listResources: (type, conditions) =>
        createRecordReader(this.records.values()).listResources(type, conditions),
      getResources: (keys) => createRecordReader(this.records.values()).getResources(keys),
      distinctValues: (type, field) => createRecordReader(this.records.values()).distinctValues(type, field),
    },
  };

  readonly service: SyncServiceApi = {
    start: async () => STATUS,
    applyChange: (change) => this.applyChange(change),
    syncNow: async () => STATUS,
    resolveConflict: async () => undefined,
    dismissFailure: async () => undefined,
    retryFailure: async () => undefined,
    status: async () => STATUS,
    subscribe: async () => 1,
    unsubscribe: async () => undefined,
    signOut: async () => undefined,
  };

  changes = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private async applyChange(change: LocalChange): Promise<AppliedChange> {
    if (this.rejectNext) {
      const error = this.rejectNext;
      this.rejectNext = undefined;
      throw error;
    }
    const id = change.id ?? `local-${this.nextSeq}`;
    const key = `${change.resourceType}/${id}`;
    const record = this.records.get(key);
    let resource: Resource | undefined = change.resource ? { ...change.resource, id } : record?.resource;
    if (change.kind === 'patch') {
      if (!record) throw new Error(`${change.label}: ${key} is not in the local replica`);
      resource = jsonPatch.applyPatch(structuredClone(record.resource), change.operations ?? [], true, false)
        .newDocument as Resource;
    }
    const seq = this.nextSeq++;
    this.applied.push(change);
    this.outbox.set(seq, {
      seq,
      key,
      resourceType: change.resourceType,
      resourceId: id,
      kind: change.kind,
      operations: change.operations ?? [],
      commutes: change.commutes,
      label: change.label,
      createdAt: new Date().toISOString(),
      attempts: 0,
      notBefore: 0,
      state: 'pending',
      revision: 0,
    });
    if (resource) {
      this.records.set(key, {
        key,
        resourceType: change.resourceType,
        id,
        resource,
        server: record?.server,
        pending: (record?.pending ?? 0) + 1,
        deleted: change.kind === 'delete' ? 1 : 0,
        ...deriveFields(resource),
      });
    }
    this.emit();
    return { seq, key, id };
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Renders `children` at /Task/{id}/details with the fake replica, a router and notifications. */
export function renderWithReplica(replica: FakeReplica, children: ReactNode, path = '/screen') {
  const session = { status: 'tokens', login: { profile: { reference: replica.profile } } };
  const client = {
    session: {
      getState: () => session,
      subscribe: () => () => undefined,
      expire: async () => undefined,
    },
  } as unknown as ApiClient; // only the session surface ReplicaProvider and useProfile read
  const root = createRootRoute({ component: Outlet });
  const screen = createRoute({
    getParentRoute: () => root,
    path: '/screen',
    component: () => <>{children}</>,
  });
  const tasks = createRoute({ getParentRoute: () => root, path: '/Task', component: () => <p>Task list</p> });
  const router = createRouter({
    routeTree: root.addChildren([screen, tasks]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return {
    router,
    element: (
      <MantineProvider env="test">
        <Notifications />
        <ReplicaProvider
          reader={replica.reader}
          service={replica.service}
          client={client}
          config={{ baseUrl: 'http://test/', clientId: 'test' }}
          changes={replica.changes}
        >
          <RouterProvider router={router} />
        </ReplicaProvider>
      </MantineProvider>
    ),
  };
}
