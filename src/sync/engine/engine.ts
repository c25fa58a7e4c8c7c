import type { Resource } from '@medplum/fhirtypes';
import { resourceKey, type ResourceKey } from '@/db/types';
import { nowIso, type SyncConfig } from '@/sync/engine/context';
import { keepServerVersions as keepAndFollow } from '@/sync/engine/keep';
import { applyLocalChange } from '@/sync/engine/local-change';
import type { PushReport } from '@/sync/engine/push/push';
import { acceptServerVersion } from '@/sync/engine/record';
import { dismiss, keepMine, keepTheirs, previewChoice, previewDismissal, retry } from '@/sync/engine/resolve';
import { DEFAULT_BACKOFF_BASE_MS, DEFAULT_MAX_BACKOFF_MS, RunLoop } from '@/sync/engine/run-loop';
import { guardedBySession } from '@/sync/engine/session-guard';
import { SyncStatusBoard } from '@/sync/engine/status';
import { SyncRun } from '@/sync/engine/sync-run';
import type {
  AppliedChange,
  LocalChange,
  Scheduler,
  SyncEngineOptions,
  SyncStatus,
} from '@/sync/engine/types';
import { FhirClient } from '@/sync/fhir/fhir-client';

export const DEFAULT_ALL_TASKS_CAP = 2_000;
/** Entries per batch Bundle: well under the server's cap (a thousand on the fake server). */
export const DEFAULT_BATCH_SIZE = 200;
/** Entries per page of a pull. */
export const DEFAULT_PAGE_SIZE = 1000;
/** How often search-mode types reconcile ids to find deletes. */
export const DEFAULT_RECONCILE_EVERY_MS = 10 * 60_000;

const globalScheduler: Scheduler = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The configuration of a run: the options given, with the defaults of those left out. */
function configOf(options: SyncEngineOptions): SyncConfig {
  return {
    fhir: options.fhir ?? new FhirClient({ client: options.client, clock: options.clock }),
    replica: options.session ? guardedBySession(options.replica, options.session) : options.replica,
    clock: options.clock,
    random: options.random ?? Math.random,
    profile: options.profile,
    newId: options.newId ?? (() => crypto.randomUUID()),
    backoffBaseMs: options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS,
    maxBackoffMs: options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS,
    allTasksCap: options.allTasksCap ?? DEFAULT_ALL_TASKS_CAP,
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    reconcileEveryMs: options.reconcileEveryMs ?? DEFAULT_RECONCILE_EVERY_MS,
  };
}

/**
 * Keeps the local replica and the FHIR server in step: local changes go into the outbox at once and
 * are pushed oldest first; the server's changes are pulled by cursor. When a run happens is the run
 * loop's business (run-loop.ts), what it does the sync run's (sync-run.ts); one run at a time, under
 * `lock` (Web Locks in the worker, so one tab syncs at a time). No React, no DOM.
 */
export class SyncEngine {
  private readonly options: SyncEngineOptions;
  private readonly config: SyncConfig;
  private readonly board: SyncStatusBoard;
  private readonly run: SyncRun;
  private readonly loop: RunLoop<SyncStatus>;
  private unsubscribers: (() => void)[] = [];

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.config = configOf(options);
    this.board = new SyncStatusBoard(this.config.replica);
    // Any answer from the server means it can be reached again: the status says so at once, not
    // when the run that sent the request ends.
    this.config.fhir.onAnswered(() => this.board.setOnline(true));
    this.run = new SyncRun(this.config, this.board, options);
    this.loop = new RunLoop(this.run, {
      clock: options.clock,
      scheduler: options.scheduler ?? globalScheduler,
      intervalMs: options.intervalMs,
    });
  }

  /** Syncs now, then on a timer, when the connection returns, and after each local change. */
  start(): void {
    if (this.loop.started) return;
    this.unsubscribers.push(this.options.client.onOffline(() => this.board.setOnline(false)));
    const signal = this.options.onlineSignal;
    if (signal) this.unsubscribers.push(signal((online) => this.networkChanged(online)));
    this.loop.start();
  }

  stop(): void {
    this.loop.stop();
    this.run.stopLive();
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
  }

  /** Pushes then pulls; a call during a run makes that run go round once more. Resolves with the status. */
  syncNow(): Promise<SyncStatus> {
    return this.loop.runNow();
  }

  /**
   * Sends the waiting changes once, now, whatever their back-off said (the connection is back), and
   * pulls nothing: the service worker's Background Sync replay. Under the run lock, as every run.
   */
  replay(): Promise<PushReport & { pending: number }> {
    return this.run.replay(this.loop);
  }

  /** Applies a change to the local copy and queues it, durably, in one transaction. */
  async applyChange(change: LocalChange): Promise<AppliedChange> {
    const applied = await applyLocalChange(
      { replica: this.config.replica, now: () => this.config.clock.now(), newId: this.config.newId },
      change
    );
    this.changed([applied.key]);
    await this.refreshStatus();
    this.loop.changeMade();
    return applied;
  }

  /** Keeps server versions the page read, and follows their types from now on. */
  async keep(resources: Resource[]): Promise<void> {
    const keys = await keepAndFollow(this.config.replica, resources);
    this.changed(keys);
    // The status is announced again, so in-memory readers (which no live query watches) read anew.
    await this.refreshStatus();
  }

  /**
   * Keeps versions the page read from the server (a console search's answers) in the replica, as a
   * pull would: a version older than the one held is ignored, and unsent local changes stay on top.
   * Answers the keys it stored.
   */
  async keepServerVersions(resources: readonly Resource[]): Promise<ResourceKey[]> {
    const kept = await this.config.replica.transaction(async (tx) => {
      const keys: ResourceKey[] = [];
      for (const resource of resources) {
        if (resource.id && (await acceptServerVersion(tx, resource)))
          keys.push(resourceKey(resource.resourceType, resource.id));
      }
      return keys;
    });
    if (kept.length > 0) this.changed(kept);
    return kept;
  }

  /**
   * 'mine': re-base my change, and the later changes of the resource, onto theirs and send them
   * again; 'theirs': drop mine, and of the later changes those touching what they changed.
   */
  async resolveConflict(seq: number, choice: 'mine' | 'theirs'): Promise<void> {
    const now = nowIso(this.config);
    const keys = await this.config.replica.transaction((tx) =>
      choice === 'mine' ? keepMine(tx, seq, this.config.newId, now) : keepTheirs(tx, seq)
    );
    await this.afterUserAction(keys);
  }

  /** What a conflict choice would discard besides the change in conflict: the labels of those changes. */
  async previewConflictChoice(seq: number, choice: 'mine' | 'theirs'): Promise<{ dropped: string[] }> {
    return { dropped: await this.config.replica.transaction((tx) => previewChoice(tx, seq, choice)) };
  }

  /** What dismissing a failed change would discard besides it (a failed create: what followed it). */
  async previewDismiss(seq: number): Promise<{ dropped: string[] }> {
    return { dropped: await this.config.replica.transaction((tx) => previewDismissal(tx, seq)) };
  }

  async dismissFailure(seq: number): Promise<void> {
    await this.afterUserAction(await this.config.replica.transaction((tx) => dismiss(tx, seq)));
  }

  async retryFailure(seq: number): Promise<void> {
    await this.afterUserAction(await this.config.replica.transaction((tx) => retry(tx, seq)));
  }

  status(): SyncStatus {
    return this.board.snapshot();
  }

  onStatus(listener: (status: SyncStatus) => void): () => void {
    return this.board.on(listener);
  }

  /** Recounts pending and blocked changes, conflicts and failures from the replica. */
  refreshStatus(): Promise<SyncStatus> {
    return this.board.refresh();
  }

  /**
   * The browser's network came back or went away. Back: every waiting change is tried now, whatever
   * its back-off said. Gone: the status says offline until a request is answered again.
   */
  networkChanged(online: boolean): void {
    if (!online) {
      this.board.setOnline(false);
      return;
    }
    this.board.setOnline(true);
    this.loop.reconnected();
  }

  private async afterUserAction(keys: ResourceKey[]): Promise<void> {
    this.changed(keys);
    await this.refreshStatus();
    this.loop.userChose();
  }

  private changed(keys: ResourceKey[]): void {
    this.options.onChange?.(keys);
  }
}
