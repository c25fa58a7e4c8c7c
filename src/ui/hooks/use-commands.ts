import type { Resource } from '@medplum/fhirtypes';
import { useMemo, useSyncExternalStore } from 'react';
import type { AppliedChange, LocalChange } from '@/sync/engine/types';
import type { PendingOverlay } from '../replica/pending-overlay';
import type { ChoicePreview, ConflictChoice, ServiceStatus } from '@/sync/service/types';
import { useReplicaContext } from '../ReplicaProvider';

export interface Commands {
  /**
   * Applies a change to the local copy and queues it for the server, in one transaction. Resolves
   * once the change is durable (closing the tab then loses nothing); rejects with a
   * ChangeRejectedError, storing nothing, when the change does not apply to the local copy.
   * Given `shown` (the resource as the screen has it), every screen draws the change at once, before
   * it is durable, and takes it back if it is rejected.
   */
  applyChange(change: LocalChange, shown?: Resource): Promise<AppliedChange>;
  /** 'mine': apply my change again on top of theirs; 'theirs': drop mine. */
  resolveConflict(seq: number, choice: ConflictChoice): Promise<void>;
  /** The labels of the changes a conflict choice would discard besides the change in conflict; changes nothing. */
  previewConflictChoice(seq: number, choice: ConflictChoice): Promise<ChoicePreview>;
  /** The labels of the changes dismissing a failed change would discard besides it; changes nothing. */
  previewDismiss(seq: number): Promise<ChoicePreview>;
  dismissFailure(seq: number): Promise<void>;
  retryFailure(seq: number): Promise<void>;
  syncNow(): Promise<ServiceStatus>;
  /** Keeps server versions the page read in the replica (offline use, changes); their types are followed. */
  keepResources(resources: Resource[]): Promise<void>;
  /**
   * Keeps what the page read from the server (a console search's answers) in the replica, so it is
   * there offline; an older version than the one held is ignored.
   */
  keepServerVersions(resources: Resource[]): Promise<void>;
}

/** The one write path of the UI: every change goes to the sync service. */
export function useCommands(): Commands {
  const { service, overlay } = useReplicaContext();
  return useMemo(
    () => ({
      async applyChange(change, shown) {
        const drawn = overlay.begin(change, shown);
        try {
          const applied = await service.applyChange(change);
          if (drawn !== undefined) overlay.settle(drawn);
          return applied;
        } catch (error) {
          if (drawn !== undefined) overlay.drop(drawn);
          throw error;
        }
      },
      resolveConflict: (seq, choice) => service.resolveConflict(seq, choice),
      previewConflictChoice: (seq, choice) => service.previewConflictChoice(seq, choice),
      previewDismiss: (seq) => service.previewDismiss(seq),
      dismissFailure: (seq) => service.dismissFailure(seq),
      retryFailure: (seq) => service.retryFailure(seq),
      syncNow: () => service.syncNow(),
      keepResources: (resources) => service.keepResources(resources),
      keepServerVersions: (resources) => service.keepServerVersions(resources),
    }),
    [service, overlay]
  );
}

/** The overlay of changes not yet in the replica; the caller re-renders whenever it changes. */
export function usePendingOverlay(): PendingOverlay {
  const { overlay } = useReplicaContext();
  useSyncExternalStore(overlay.subscribe, overlay.getSnapshot);
  return overlay;
}
