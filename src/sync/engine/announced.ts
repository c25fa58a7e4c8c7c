import type { Resource } from '@medplum/fhirtypes';
import { resourceKey, type ReplicaStore, type ResourceKey } from '@/db/types';

/**
 * What the server announced while a run's pull was already under way: each version it named
 * ('Task/1' → versionId), or that an announcement named none (a reconnection).
 */
export class AnnouncedVersions {
  private versions: Map<string, string | undefined> | undefined;

  /** Whether anything was announced since the last clear or take. */
  get any(): boolean {
    return this.versions !== undefined;
  }

  note(resource: Resource | undefined): void {
    this.versions ??= new Map();
    const key = resource?.id ? resourceKey(resource.resourceType, resource.id) : '';
    this.versions.set(key, key ? resource?.meta?.versionId : undefined);
  }

  clear(): void {
    this.versions = undefined;
  }

  /**
   * Forgets what was announced and tells whether some of it is still to be pulled: an announcement
   * without a version, or a version the replica does not hold as the server's (a push stores the
   * version the server answered, so the announcement of this device's own change is explained).
   */
  async takeUnheld(replica: ReplicaStore): Promise<boolean> {
    const versions = this.versions;
    this.versions = undefined;
    if (!versions) return false;
    if ([...versions.values()].some((version) => version === undefined)) return true;
    return replica.transaction(async (tx) => {
      for (const [key, version] of versions) {
        if ((await tx.getResource(key as ResourceKey))?.server?.meta?.versionId !== version) return true;
      }
      return false;
    });
  }
}
