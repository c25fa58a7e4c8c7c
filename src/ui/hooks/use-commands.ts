import type { Resource } from '@medplum/fhirtypes';
import { useMemo } from 'react';
import type { AppliedChange, LocalChange } from '@/sync/engine/types';
import type { ConflictChoice, ServiceStatus } from '@/sync/service/types';
import { useReplicaContext } from '../ReplicaProvider';

export interface Commands {
  /**
   * Applies a change to the local copy and queues it for the server, in one transaction. Resolves
   * once the change is durable (closing the tab then loses nothing); rejects with a
   * ChangeRejectedError, storing nothing, when the change does not apply to the local copy.
   */
  applyChange(change: LocalChange): Promise<AppliedChange>;
  /** 'mine': apply my change again on top of theirs; 'theirs': drop mine. */
  resolveConflict(seq: number, choice: ConflictChoice): Promise<void>;
  dismissFailure(seq: number): Promise<void>;
  retryFailure(seq: number): Promise<void>;
  syncNow(): Promise<ServiceStatus>;
  /** Keeps server versions the page read in the replica (offline use, changes); their types are followed. */
  keepResources(resources: Resource[]): Promise<void>;
}

/** The one write path of the UI: every change goes to the sync service. */
export function useCommands(): Commands {
  const { service } = useReplicaContext();
  return useMemo(
    () => ({
      applyChange: (change) => service.applyChange(change),
      resolveConflict: (seq, choice) => service.resolveConflict(seq, choice),
      dismissFailure: (seq) => service.dismissFailure(seq),
      retryFailure: (seq) => service.retryFailure(seq),
      syncNow: () => service.syncNow(),
      keepResources: (resources) => service.keepResources(resources),
    }),
    [service]
  );
}
