import type { Resource } from '@medplum/fhirtypes';
import {
  resourceKey,
  type OutboxEntry,
  type ReplicaTransaction,
  type ResourceKey,
  type StoredResource,
} from '@/db/types';
import { cloneJson } from '@/fhir/clone';
import { isNewer } from './context';
import { rebaseOperations } from './rebase';
import { applyTolerant } from './view';

/**
 * The record of one resource as this device shows it: the server's confirmed version with every
 * outbox entry of the resource applied on top, in order (appends to notes and performer types are
 * merged with the server's list, so a colleague's new note stays visible). Undefined when nothing remains (no server
 * version and no create).
 */
export function buildRecord(
  resourceType: string,
  id: string,
  server: Resource | undefined,
  entries: readonly OutboxEntry[]
): StoredResource | undefined {
  let view: Resource | undefined = server && cloneJson(server);
  let deleted: 0 | 1 = 0;
  for (const entry of entries) {
    if (entry.kind === 'create') {
      if (!view && entry.resource) view = { ...cloneJson(entry.resource), id } as Resource;
    } else if (entry.kind === 'patch') {
      if (view) view = applyTolerant(view, rebaseOperations(entry.operations, undefined, view));
    } else {
      deleted = 1;
    }
  }
  if (!view) return undefined;
  return {
    key: resourceKey(resourceType, id),
    resourceType,
    id,
    resource: view,
    // The server's version as given: every store keeps a copy of what it is handed.
    server,
    pending: entries.length,
    deleted,
    lastUpdated: view.meta?.lastUpdated ?? '',
  };
}

/** Stores the record of a resource rebuilt from `server` and its outbox entries (removed when nothing remains). */
export async function writeRecord(
  tx: ReplicaTransaction,
  resourceType: string,
  id: string,
  server: Resource | undefined
): Promise<StoredResource | undefined> {
  const key = resourceKey(resourceType, id);
  const record = buildRecord(resourceType, id, server, await tx.outboxOf(key));
  if (record) await tx.putResource(record);
  else await tx.removeResource(key);
  return record;
}

/**
 * Takes a version from the server as the confirmed one, unless the replica already holds it or a
 * newer one; the local view is rebuilt with the pending changes on top. True when it was taken.
 */
export async function acceptServerVersion(tx: ReplicaTransaction, incoming: Resource): Promise<boolean> {
  if (!incoming.id) return false;
  const existing = await tx.getResource(resourceKey(incoming.resourceType, incoming.id));
  if (existing?.server && !isNewer(incoming, existing.server)) return false;
  await writeRecord(tx, incoming.resourceType, incoming.id, incoming);
  return true;
}

/**
 * acceptServerVersion for many versions at once, as if each were taken in turn (of two versions of
 * one resource the newer counts), in a few replica reads and one write whatever their number: the
 * held records and the outbox entries of the batch are read together, the records written
 * together. Returns the keys of the versions taken. `mostlyNew`: most are not held yet (a first load).
 */
export async function acceptServerVersions(
  tx: ReplicaTransaction,
  incoming: readonly Resource[],
  options: { mostlyNew?: boolean } = {}
): Promise<ResourceKey[]> {
  const newest = new Map<ResourceKey, Resource>();
  for (const resource of incoming) {
    if (!resource.id) continue;
    const key = resourceKey(resource.resourceType, resource.id);
    const held = newest.get(key);
    if (!held || isNewer(resource, held)) newest.set(key, resource);
  }
  const keys = [...newest.keys()];
  const existing = await tx.getResourcesByKeys(keys, { mostlyNew: options.mostlyNew });
  const taken = keys.filter((key, index) => {
    const server = existing[index]?.server;
    return !server || isNewer(newest.get(key) as Resource, server);
  });
  if (taken.length === 0) return [];
  const entries = await tx.outboxOfKeys(taken);
  const records: StoredResource[] = [];
  for (const key of taken) {
    const server = newest.get(key) as Resource;
    const record = buildRecord(server.resourceType, server.id ?? '', server, entries.get(key) ?? []);
    if (record) records.push(record);
  }
  await tx.putResources(records);
  return taken;
}

/**
 * Keys of resources with changes made here that the server has not confirmed (outbox entries in any
 * state, a create not yet confirmed among them) or an open conflict: never taken for deleted or
 * pruned by what the server lacks.
 */
export async function keysWithLocalChanges(tx: ReplicaTransaction): Promise<Set<ResourceKey>> {
  const keys = new Set<ResourceKey>();
  for (const entry of await tx.listOutbox()) keys.add(entry.key);
  for (const conflict of await tx.listConflicts()) keys.add(conflict.key);
  return keys;
}
