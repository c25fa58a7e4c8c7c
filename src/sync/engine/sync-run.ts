import type { ResourceKey } from '@/db/types';
import type { AnnouncedVersions } from '@/sync/engine/announced';
import { errorText, isNetworkFailure } from '@/sync/engine/conflict-rules';
import { nowIso, type SyncConfig, type SyncContext } from '@/sync/engine/context';
import { LiveUpdates, offersSubscriptions } from '@/sync/engine/live';
import { readClinicalLists, storeClinicalLists } from '@/sync/engine/pull/clinical-lists';
import { pullChanges } from '@/sync/engine/pull/pull';
import { clearBackoff, earliestDue } from '@/sync/engine/push/backoff';
import { push, type PushReport } from '@/sync/engine/push/push';
import type { RunLoopControl, RunLoopDelegate } from '@/sync/engine/run-loop';
import type { SyncStatusBoard } from '@/sync/engine/status';
import type { LockFn, SyncEngineOptions, SyncStatus } from '@/sync/engine/types';
import { sendUploads } from '@/sync/uploads/send-uploads';

/** The lock every run and replay holds: one tab syncs at a time. */
export const SYNC_LOCK_NAME = 'carequeue-sync';

const noLock: LockFn = (_name, fn) => fn();

export type SyncRunOptions = Pick<
  SyncEngineOptions,
  'lock' | 'signedIn' | 'webSocket' | 'scheduler' | 'onChange'
>;

/**
 * What a sync run does, for the run loop to call: send the waiting changes, then pull in stages with
 * the changes made meanwhile sent between them, follow live updates from the first run on, and keep
 * the status as it goes. When it runs is the loop's business, not this.
 */
export class SyncRun implements RunLoopDelegate<SyncStatus> {
  readonly mayRun: (() => Promise<boolean>) | undefined;
  private readonly lock: LockFn;
  /** Keys changed by the steps of a run, reported through onChange. */
  private readonly touched = new Set<ResourceKey>();
  private live: LiveUpdates | undefined;
  private liveChecked = false;

  constructor(
    private readonly config: SyncConfig,
    private readonly status: SyncStatusBoard,
    private readonly options: SyncRunOptions
  ) {
    this.lock = options.lock ?? noLock;
    this.mayRun = options.signedIn;
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.lock(SYNC_LOCK_NAME, work);
  }

  async run(loop: RunLoopControl): Promise<void> {
    this.status.update({ syncing: true });
    // The live connection is set up beside the run, not after it: a first load takes a while, and
    // what other users change meanwhile should not wait for the timer.
    this.goLive(loop);
    const context = this.contextFor(loop);
    const retry = loop.takeRetryNow();
    try {
      if (retry) await clearBackoff(this.config.replica);
      const report = await this.send(context);
      if (report.offline) {
        if (retry) loop.keepRetryNow();
        this.status.setOnline(false);
        this.status.update({ lastError: report.lastError });
        return;
      }
      await this.pull(context, loop);
      this.status.update({ lastSyncedAt: nowIso(this.config), lastError: report.lastError });
    } catch (error) {
      if (isNetworkFailure(error)) {
        if (retry) loop.keepRetryNow();
        this.status.setOnline(false);
      }
      this.status.update({ lastError: errorText(error) });
    }
  }

  async afterRun(): Promise<number | undefined> {
    this.flushTouched();
    await this.status.refresh().catch(() => undefined);
    const due = await earliestDue(this.config.replica).catch(() => undefined);
    this.status.update({ syncing: false, loading: undefined, firstPages: undefined });
    return due;
  }

  online(): boolean {
    return this.status.current.online;
  }

  changesWaiting(): boolean {
    return this.status.current.pending > 0;
  }

  unpulled(announced: AnnouncedVersions): Promise<boolean> {
    return announced.takeUnheld(this.config.replica);
  }

  outcome(): SyncStatus {
    return this.status.snapshot();
  }

  /**
   * Sends the waiting changes once, now, whatever their back-off said (the connection is back), and
   * pulls nothing: the service worker's Background Sync replay. Under the run lock, as every run.
   */
  async replay(loop: RunLoopControl): Promise<PushReport & { pending: number }> {
    return this.exclusive(async () => {
      this.status.update({ syncing: true });
      try {
        // This is what a reconnection asked the next run to do; it still is if the server was not reached.
        const retry = loop.takeRetryNow();
        await clearBackoff(this.config.replica);
        const report = await this.send(this.contextFor(loop));
        if (report.offline && retry) loop.keepRetryNow();
        this.status.setOnline(!report.offline);
        // A file still waiting keeps its change pending, and the pending count tells the caller to try again.
        return { ...report, pending: (await this.status.refresh()).pending };
      } finally {
        this.flushTouched();
        this.status.update({ syncing: false });
      }
    });
  }

  stopLive(): void {
    this.live?.stop();
    this.live = undefined;
    this.liveChecked = false;
  }

  /** What push and pull are handed: the configuration, the keys they touch, and how they report. */
  private contextFor(loop: RunLoopControl): SyncContext {
    const context: SyncContext = {
      ...this.config,
      touched: this.touched,
      reached: () => this.status.setOnline(true),
      flushTouched: () => this.flushTouched(),
      stopped: () => loop.stopped,
      progress: (loading) => this.status.update({ loading }),
      preview: (firstPages) => this.status.update({ firstPages }),
      sendWaiting: () => this.sendWaitingChanges(context),
    };
    return context;
  }

  /**
   * Sends the outbox, then the files waiting in it, then at once the changes that name those files:
   * a run with a page and a Background Sync replay without one send the same things.
   */
  private async send(context: SyncContext): Promise<PushReport> {
    const report = await push(context);
    if (report.offline) return report;
    const uploads = await sendUploads(context, (upload) => this.status.update({ upload }));
    if (uploads.uploaded === 0) return report;
    const after = await push(context);
    return {
      confirmed: report.confirmed + after.confirmed,
      offline: after.offline,
      lastError: after.lastError ?? report.lastError,
    };
  }

  /**
   * The pull, stage by stage: the server's changes, then the clinical lists of the queue patients
   * (never before the first rows). Between two stages the changes made meanwhile are sent.
   */
  private async pull(context: SyncContext, loop: RunLoopControl): Promise<void> {
    await pullChanges(context, () => loop.pullStarted());
    await this.sendWaitingChanges(context);
    // Another run is already due (the server announced a change, or one was asked for here): the
    // clinical lists, a long read, wait for it, so that what the server announced is pulled first.
    if (loop.anotherDue()) return;
    const lists = await readClinicalLists(context);
    if (!lists) return;
    // Storing a thousand entries takes a while: what the user changed meanwhile goes first.
    await this.sendWaitingChanges(context);
    await storeClinicalLists(context, lists, () => loop.anotherDue());
  }

  /**
   * The step between two pull stages: the changes made since the run began are sent now, so a change
   * made while the clinical lists load reaches the server before them, not after.
   */
  private async sendWaitingChanges(context: SyncContext): Promise<void> {
    if (!this.status.current.online || this.status.current.pending === 0) return;
    const report = await push(context);
    if (report.offline) this.status.setOnline(false);
  }

  /**
   * From the first run on: follow changes by websocket where the engine has a WebSocket and the
   * server's CapabilityStatement offers Subscriptions; the timer stays the fallback. Offline, the
   * statement cannot be read and the next run tries again.
   */
  private goLive(loop: RunLoopControl): void {
    const WebSocket = this.options.webSocket;
    if (!loop.started || this.liveChecked || !WebSocket) return;
    this.liveChecked = true;
    void this.config.fhir
      .capabilities()
      .then((statement) => {
        if (!loop.started || this.live || !offersSubscriptions(statement)) return;
        this.live = new LiveUpdates({
          fhir: this.config.fhir,
          WebSocket,
          timers: this.options.scheduler,
          onChange: (resource) => loop.announced(resource),
          onLive: (live) => {
            if (this.status.current.live !== live) this.status.update({ live });
          },
        });
      })
      .catch(() => {
        this.liveChecked = false;
      });
  }

  private flushTouched(): void {
    const keys = [...this.touched];
    this.touched.clear();
    if (keys.length > 0) this.options.onChange?.(keys);
  }
}
