import type { Resource } from '@medplum/fhirtypes';
import { resourceKey, type ResourceKey } from '@/db/types';
import { Emitter } from '../events';
import { FhirClient } from '../fhir/fhir-client';
import { errorText, isNetworkFailure } from './conflict-rules';
import { countOutbox } from './counts';
import type { SyncContext } from './context';
import { keepServerVersions as keepAndFollow } from './keep';
import { AnnouncedVersions } from './announced';
import { LiveUpdates, offersSubscriptions } from './live';
import { applyLocalChange } from './local-change';
import { pullChanges } from '@/sync/engine/pull/pull';
import { readClinicalLists, storeClinicalLists } from '@/sync/engine/pull/clinical-lists';
import { clearBackoff, earliestDue } from '@/sync/engine/push/backoff';
import { push, type PushReport } from '@/sync/engine/push/push';
import { acceptServerVersion } from './record';
import { guardedBySession } from './session-guard';
import { sendUploads } from '../uploads/send-uploads';
import { dismiss, keepMine, keepTheirs, retry } from './resolve';
import { IDLE_SYNC_STATUS } from './types';
import type { AppliedChange, LocalChange, LockFn, Scheduler, SyncEngineOptions, SyncStatus } from './types';

export const SYNC_LOCK_NAME = 'carequeue-sync';
export const DEFAULT_INTERVAL_MS = 30_000;
export const DEFAULT_ALL_TASKS_CAP = 2_000;
/** Entries per batch Bundle: well under the server's cap (a thousand on the fake server). */
export const DEFAULT_BATCH_SIZE = 200;

const noLock: LockFn = (_name, fn) => fn();
const globalScheduler: Scheduler = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface EngineEvents extends Record<string, unknown> {
  status: SyncStatus;
}

/**
 * Keeps the local replica and the FHIR server in step: local changes go into the outbox at once and
 * are pushed oldest first; the server's changes are pulled by cursor. One run at a time, under
 * `lock` (Web Locks in the worker, so one tab syncs at a time). No React, no DOM.
 */
export class SyncEngine {
  private readonly context: SyncContext;
  private readonly options: SyncEngineOptions;
  private readonly lock: LockFn;
  private readonly scheduler: Scheduler;
  private readonly emitter = new Emitter<EngineEvents>();
  private current: SyncStatus = { ...IDLE_SYNC_STATUS };
  private running: Promise<SyncStatus> | undefined;
  private again = false;
  /** A local change was made during the run under way: it goes round again if the change is still unsent. */
  private changeWaiting = false;
  private started = false;
  /** Set by stop(): a run still under way writes nothing more (the replica may be wiped meanwhile). */
  private halted = false;
  private timer: unknown;
  private skipBackoff = false;
  private nextDue: number | undefined;
  private unsubscribers: (() => void)[] = [];
  private live: LiveUpdates | undefined;
  private liveChecked = false;
  /** Whether this run's pull has sent its first request. */
  private pullSent = false;
  /** A notification came while this run's pull was still to come: a run that ends before it pulls runs again. */
  private notifiedBeforePull = false;
  /** Announced after this run's pull went out: the run goes round again unless the replica holds it. */
  private readonly announced = new AnnouncedVersions();

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.lock = options.lock ?? noLock;
    this.scheduler = options.scheduler ?? globalScheduler;
    const fhir = options.fhir ?? new FhirClient({ client: options.client, clock: options.clock });
    this.context = {
      fhir,
      replica: options.session ? guardedBySession(options.replica, options.session) : options.replica,
      clock: options.clock,
      random: options.random ?? Math.random,
      profile: options.profile,
      newId: options.newId ?? (() => crypto.randomUUID()),
      backoffBaseMs: options.backoffBaseMs ?? 1_000,
      maxBackoffMs: options.maxBackoffMs ?? 5 * 60_000,
      allTasksCap: options.allTasksCap ?? DEFAULT_ALL_TASKS_CAP,
      pageSize: options.pageSize ?? 1000,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      reconcileEveryMs: options.reconcileEveryMs ?? 10 * 60_000,
      touched: new Set(),
      reached: () => this.setOnline(true),
      flushTouched: () => this.flushTouched(),
      stopped: () => this.halted,
      progress: (loading) => this.update({ loading }),
      preview: (firstPages) => this.update({ firstPages }),
    };
  }

  /** Syncs now, then on a timer, when the connection returns, and after each local change. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.halted = false;
    this.unsubscribers.push(this.options.client.onOffline(() => this.setOnline(false)));
    const signal = this.options.onlineSignal;
    if (signal)
      this.unsubscribers.push(signal((online) => (online ? this.reconnected() : this.setOnline(false))));
    void this.syncNow().catch(() => undefined);
  }

  stop(): void {
    this.started = false;
    this.halted = true;
    this.live?.stop();
    this.live = undefined;
    this.liveChecked = false;
    if (this.timer !== undefined) this.scheduler.clearTimeout(this.timer);
    this.timer = undefined;
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
  }

  /** Pushes then pulls; a call during a run makes that run go round once more. Resolves with the status. */
  syncNow(): Promise<SyncStatus> {
    return this.runFor('sync');
  }

  /**
   * A run, or one more after the one under way: always for a sync asked for; for a local change only
   * if that run ends without having sent it (a change is sent as soon as the run reaches a send).
   */
  private runFor(reason: 'sync' | 'change'): Promise<SyncStatus> {
    if (this.running) {
      if (reason === 'change') this.changeWaiting = true;
      else this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
      this.schedule();
      // Announced after the loop's last look: pulled now, not by the timer.
      if (this.announced.any && this.current.online) void this.syncNow().catch(() => undefined);
    });
    return this.running;
  }

  /**
   * Sends the waiting changes once, now, whatever their back-off said (the connection is back), and
   * pulls nothing: the service worker's Background Sync replay. Under the run lock, as every run.
   */
  async replay(): Promise<PushReport & { pending: number }> {
    return this.lock(SYNC_LOCK_NAME, async () => {
      this.update({ syncing: true });
      try {
        await this.clearBackoff();
        const report = await this.send();
        this.setOnline(!report.offline);
        // A file still waiting keeps its change pending, and the pending count tells the caller to try again.
        return { ...report, pending: (await this.refreshStatus()).pending };
      } finally {
        this.flushTouched();
        this.update({ syncing: false });
      }
    });
  }

  /** Applies a change to the local copy and queues it, durably, in one transaction. */
  async applyChange(change: LocalChange): Promise<AppliedChange> {
    const applied = await applyLocalChange(
      { replica: this.context.replica, now: () => this.context.clock.now(), newId: this.context.newId },
      change
    );
    this.changed([applied.key]);
    await this.refreshStatus();
    if (this.started && this.current.online) void this.runFor('change').catch(() => undefined);
    return applied;
  }

  /** Keeps server versions the page read, and follows their types from now on. */
  async keep(resources: Resource[]): Promise<void> {
    const keys = await keepAndFollow(this.context.replica, resources);
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
    const kept = await this.context.replica.transaction(async (tx) => {
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

  /** 'mine': re-base my change onto theirs and send it again; 'theirs': drop mine (and what followed). */
  async resolveConflict(seq: number, choice: 'mine' | 'theirs'): Promise<void> {
    const now = new Date(this.context.clock.now()).toISOString();
    const keys = await this.context.replica.transaction((tx) =>
      choice === 'mine' ? keepMine(tx, seq, this.context.newId, now) : keepTheirs(tx, seq)
    );
    await this.afterUserAction(keys);
  }

  async dismissFailure(seq: number): Promise<void> {
    await this.afterUserAction(await this.context.replica.transaction((tx) => dismiss(tx, seq)));
  }

  async retryFailure(seq: number): Promise<void> {
    await this.afterUserAction(await this.context.replica.transaction((tx) => retry(tx, seq)));
  }

  status(): SyncStatus {
    return { ...this.current };
  }

  onStatus(listener: (status: SyncStatus) => void): () => void {
    return this.emitter.on('status', listener);
  }

  /** Recounts pending and blocked changes, conflicts and failures from the replica. */
  async refreshStatus(): Promise<SyncStatus> {
    this.update(await this.context.replica.transaction(countOutbox));
    return this.status();
  }

  private async loop(): Promise<SyncStatus> {
    let more: boolean;
    do {
      this.again = false;
      this.changeWaiting = false;
      await this.lock(SYNC_LOCK_NAME, () => this.runOnce());
      more =
        this.again ||
        (this.changeWaiting && this.current.pending > 0) ||
        (await this.announced.takeUnheld(this.context.replica).catch(() => true));
    } while (more && this.current.online);
    return this.status();
  }

  private async runOnce(): Promise<void> {
    if (this.halted || (this.options.signedIn && !(await this.options.signedIn()))) return;
    this.update({ syncing: true });
    this.pullSent = false;
    // What was announced before this run's pull is in what the pull reads.
    this.announced.clear();
    // The live connection is set up beside the run, not after it: a first load takes a while, and
    // what other users change meanwhile should not wait for the timer.
    this.goLive();
    try {
      if (this.skipBackoff) await this.clearBackoff();
      const report = await this.send();
      if (report.offline) {
        this.setOnline(false);
        this.update({ lastError: report.lastError });
        return;
      }
      await this.pull();
      this.update({
        lastSyncedAt: new Date(this.context.clock.now()).toISOString(),
        lastError: report.lastError,
      });
    } catch (error) {
      if (isNetworkFailure(error)) this.setOnline(false);
      this.update({ lastError: errorText(error) });
    } finally {
      if (this.notifiedBeforePull && !this.pullSent) this.again = true;
      this.notifiedBeforePull = false;
      this.flushTouched();
      await this.refreshStatus().catch(() => undefined);
      this.nextDue = await earliestDue(this.context.replica).catch(() => undefined);
      this.update({ syncing: false, loading: undefined, firstPages: undefined });
    }
  }

  /**
   * The pull, stage by stage: the server's changes, then the clinical lists of the queue patients
   * (never before the first rows). Between two stages the changes made meanwhile are sent.
   */
  private async pull(): Promise<void> {
    await pullChanges(this.context, () => {
      this.pullSent = true;
    });
    await this.sendWaitingChanges();
    // Another run is already due (the server announced a change, or one was asked for here): the
    // clinical lists, a long read, wait for it, so that what the server announced is pulled first.
    if (this.runAgainDue()) return;
    const lists = await readClinicalLists(this.context);
    if (!lists) return;
    // Storing a thousand entries takes a while: what the user changed meanwhile goes first.
    await this.sendWaitingChanges();
    await storeClinicalLists(this.context, lists, () => this.runAgainDue());
  }

  /**
   * The step between two pull stages: the changes made since the run began are sent now, so a change
   * made while the clinical lists load reaches the server before them, not after.
   */
  private async sendWaitingChanges(): Promise<void> {
    if (!this.current.online) return;
    const report = await push(this.context);
    if (report.offline) this.setOnline(false);
  }

  /** Whether another run follows this one: one was asked for, or a change announced, since its pull began. */
  private runAgainDue(): boolean {
    return this.again || this.announced.any;
  }

  /**
   * Sends the outbox, then the files waiting in it, then at once the changes that name those files:
   * a run with a page and a Background Sync replay without one send the same things.
   */
  private async send(): Promise<PushReport> {
    const report = await push(this.context);
    if (report.offline) return report;
    const uploads = await sendUploads(this.context, (upload) => this.update({ upload }));
    if (uploads.uploaded === 0) return report;
    const after = await push(this.context);
    return {
      confirmed: report.confirmed + after.confirmed,
      offline: after.offline,
      lastError: after.lastError ?? report.lastError,
    };
  }

  /**
   * From the first run on: follow changes by websocket where the engine has a WebSocket and the
   * server's CapabilityStatement offers Subscriptions; the timer stays the fallback. Offline, the
   * statement cannot be read and the next run tries again.
   */
  private goLive(): void {
    const WebSocket = this.options.webSocket;
    if (!this.started || this.liveChecked || !WebSocket) return;
    this.liveChecked = true;
    void this.context.fhir
      .capabilities()
      .then((statement) => {
        if (!this.started || this.live || !offersSubscriptions(statement)) return;
        this.live = new LiveUpdates({
          fhir: this.context.fhir,
          WebSocket,
          timers: this.options.scheduler,
          onChange: (resource) => this.notified(resource),
          onLive: (live) => {
            if (this.current.live !== live) this.update({ live });
          },
        });
      })
      .catch(() => {
        this.liveChecked = false;
      });
  }

  /**
   * The server says something in scope changed. A run whose pull has not sent its request yet will
   * read it anyway (the notification of this device's own push comes during that push), so only a
   * run that has passed that point, or none, makes another.
   */
  private notified(resource?: Resource): void {
    if (this.running && !this.pullSent) {
      this.notifiedBeforePull = true;
      return;
    }
    if (this.running) {
      this.announced.note(resource);
      return;
    }
    void this.syncNow().catch(() => undefined);
  }

  /** The connection came back: try every waiting change now, whatever its back-off said. */
  private reconnected(): void {
    this.setOnline(true);
    this.skipBackoff = true;
    void this.syncNow().catch(() => undefined);
  }

  /** Every waiting change may be sent now; a reconnection asked for no more. */
  private async clearBackoff(): Promise<void> {
    this.skipBackoff = false;
    await clearBackoff(this.context.replica);
  }

  /** The next background run: after the interval, or sooner when a backed-off change is due. */
  private schedule(): void {
    if (!this.started) return;
    if (this.timer !== undefined) this.scheduler.clearTimeout(this.timer);
    let interval = this.options.intervalMs ?? DEFAULT_INTERVAL_MS;
    if (this.nextDue !== undefined && this.current.online) {
      interval = Math.max(0, Math.min(interval, this.nextDue - this.context.clock.now()));
    }
    this.timer = this.scheduler.setTimeout(() => {
      this.timer = undefined;
      void this.syncNow().catch(() => undefined);
    }, interval);
  }

  private async afterUserAction(keys: ResourceKey[]): Promise<void> {
    this.changed(keys);
    await this.refreshStatus();
    if (this.started && this.current.online) void this.syncNow().catch(() => undefined);
  }

  private setOnline(online: boolean): void {
    if (this.current.online !== online) this.update({ online });
  }

  private flushTouched(): void {
    const keys = [...this.context.touched];
    this.context.touched.clear();
    if (keys.length > 0) this.changed(keys);
  }

  private changed(keys: ResourceKey[]): void {
    this.options.onChange?.(keys);
  }

  private update(patch: Partial<SyncStatus>): void {
    this.current = { ...this.current, ...patch };
    this.emitter.emit('status', this.status());
  }
}
