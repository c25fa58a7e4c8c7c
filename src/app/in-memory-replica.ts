import { MemoryReplicaStore } from '@/db';
import type { FetchLike, KeyValueStorage } from '@/sync';
import { SyncService } from '@/sync/service';
import { storeReader, type ReplicaChanges } from '@/ui';
import type { ReplicaServices } from './app-services';

/** The replica in memory with the service in the page: jsdom tests. */
export function inMemoryReplica(
  storage: KeyValueStorage,
  fetchImpl?: FetchLike
): Omit<ReplicaServices, 'syncConfig' | 'database'> & { service: SyncService } {
  const store = new MemoryReplicaStore();
  const service = new SyncService({ replica: store, storage, fetch: fetchImpl });
  const changes: ReplicaChanges = (listener) => {
    let id: number | undefined;
    let closed = false;
    void service
      .subscribe(() => listener())
      .then((subscription) => {
        id = subscription;
        if (closed) void service.unsubscribe(subscription);
      });
    return () => {
      closed = true;
      if (id !== undefined) void service.unsubscribe(id);
    };
  };
  return { reader: storeReader(store), service, storage, changes };
}
