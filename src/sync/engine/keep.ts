import type { Resource } from '@medplum/fhirtypes';
import type { DefinitionRow, ReplicaStore, ResourceKey } from '@/db/types';
import { Newest } from '@/sync/engine/pull/newest';
import { followTypes } from '@/sync/engine/pull/pull-shared';
import { acceptServerVersions } from './record';

/**
 * Keeps server versions a page read (a resource the console opened that the replica did not hold),
 * so the resource is there offline afterwards and can be changed through the outbox; its type is
 * followed by the pull from then on, so the copy stays current. Returns the keys it stored.
 */
export async function keepServerVersions(
  replica: ReplicaStore,
  resources: Resource[]
): Promise<ResourceKey[]> {
  const newest = new Newest();
  const kept = resources.filter((resource) => resource.id);
  for (const resource of kept) newest.remember(resource);
  return replica.transaction(async (tx) => {
    const keys = await acceptServerVersions(tx, kept);
    await followTypes(tx, [...new Set(kept.map((resource) => resource.resourceType))], newest);
    return keys;
  });
}

/** Stores definitions (schemas, value set expansions) for offline use, in one transaction. */
export async function keepDefinitions(replica: ReplicaStore, rows: DefinitionRow[]): Promise<void> {
  await replica.transaction(async (tx) => {
    for (const row of rows) await tx.putDefinition(row);
  });
}
