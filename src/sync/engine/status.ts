import type { ReplicaStore } from '@/db/types';
import { Emitter } from '@/sync/events';
import { countOutbox } from './counts';
import { IDLE_SYNC_STATUS, type SyncStatus } from './types';

interface StatusEvents extends Record<string, unknown> {
  status: SyncStatus;
}

/** The engine's status as the screens see it: every change of it is announced to the listeners at once. */
export class SyncStatusBoard {
  private status: SyncStatus = { ...IDLE_SYNC_STATUS };
  private readonly emitter = new Emitter<StatusEvents>();

  constructor(private readonly replica: ReplicaStore) {}

  /** The status now, to read, not to keep (it is replaced on every change). */
  get current(): Readonly<SyncStatus> {
    return this.status;
  }

  /** A copy of the status now. */
  snapshot(): SyncStatus {
    return { ...this.status };
  }

  on(listener: (status: SyncStatus) => void): () => void {
    return this.emitter.on('status', listener);
  }

  update(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    this.emitter.emit('status', this.snapshot());
  }

  setOnline(online: boolean): void {
    if (this.status.online !== online) this.update({ online });
  }

  /** Recounts pending and blocked changes, conflicts and failures from the replica. */
  async refresh(): Promise<SyncStatus> {
    this.update(await this.replica.transaction(countOutbox));
    return this.snapshot();
  }
}
