import type { Resource } from '@medplum/fhirtypes';
import type { DefinitionRow } from '@/db/types';
import type { ApiClient } from '../client';
import { keepDefinitions } from '../engine/keep';
import { Emitter } from '../events';
import type { SyncEngine } from '@/sync/engine/engine';
import { SYNC_LOCK_NAME } from '@/sync/engine/sync-run';
import { sessionMark } from '../engine/session-guard';
import type { AppliedChange, LocalChange, SyncStatus } from '../engine/types';
import { buildEngine, buildServiceClient, platformLock, restoreProfile } from './construct';
import { StartGate } from './start-gate';
import {
  LEADER_LOCK_NAME,
  type ChannelLike,
  type ChannelMessage,
  type ChoicePreview,
  type ConflictChoice,
  SIGNED_OUT_STATUS,
  type ServiceStatus,
  type SyncServiceApi,
  type SyncServiceConfig,
  type SyncServicePlatform,
} from './types';

const SIGNED_OUT = SIGNED_OUT_STATUS;

interface ServiceEvents extends Record<string, unknown> {
  status: ServiceStatus;
}

/**
 * The sync engine with its client and replica, as one service the page talks to. One context leads
 * at a time (a Web Lock held while it lives): its engine pushes every tab's outbox and pulls. The
 * others apply changes to the shared replica and nudge the leader; when the leader closes, its lock
 * is released and a waiting context takes over.
 */
export class SyncService implements SyncServiceApi {
  private readonly emitter = new Emitter<ServiceEvents>();
  private readonly listeners = new Map<number, () => void>();
  private nextListener = 1;
  private client: ApiClient | undefined;
  private engine: SyncEngine | undefined;
  private profile: string | undefined;
  private starting: Promise<ServiceStatus> | undefined;
  private channel: ChannelLike | undefined;
  private releaseLeadership: (() => void) | undefined;
  private current: ServiceStatus = { ...SIGNED_OUT };
  /** Opened by the first start: the page's calls made before it wait there. */
  private readonly gate: StartGate;

  constructor(
    private readonly platform: SyncServicePlatform,
    options: { readyTimeoutMs?: number } = {}
  ) {
    this.gate = new StartGate(options.readyTimeoutMs);
  }

  start(config: SyncServiceConfig): Promise<ServiceStatus> {
    const run = async (): Promise<ServiceStatus> => {
      await this.starting?.catch(() => undefined);
      return this.startNow(config);
    };
    this.starting = run();
    this.gate.open();
    return this.starting;
  }

  async applyChange(change: LocalChange): Promise<AppliedChange> {
    const applied = await (await this.requireEngine()).applyChange(change);
    this.nudgeLeader();
    return applied;
  }

  async syncNow(): Promise<ServiceStatus> {
    const engine = await this.requireEngine();
    if (this.current.leader) await engine.syncNow();
    else this.nudgeLeader();
    return this.current;
  }

  async networkChanged(online: boolean): Promise<void> {
    if (this.current.leader) this.engine?.networkChanged(online);
    else if (online) this.nudgeLeader();
  }

  async keepResources(resources: Resource[]): Promise<void> {
    await (await this.requireEngine()).keep(resources);
  }

  async keepDefinitions(rows: DefinitionRow[]): Promise<void> {
    await keepDefinitions(this.platform.replica, rows);
  }

  async keepServerVersions(resources: Resource[]): Promise<void> {
    await (await this.requireEngine()).keepServerVersions(resources);
  }

  async resolveConflict(seq: number, choice: ConflictChoice): Promise<void> {
    await (await this.requireEngine()).resolveConflict(seq, choice);
    this.nudgeLeader();
  }

  // Any tab answers from the shared replica: a preview writes nothing, so it needs no leader.
  async previewConflictChoice(seq: number, choice: ConflictChoice): Promise<ChoicePreview> {
    return (await this.requireEngine()).previewConflictChoice(seq, choice);
  }

  async previewDismiss(seq: number): Promise<ChoicePreview> {
    return (await this.requireEngine()).previewDismiss(seq);
  }

  async dismissFailure(seq: number): Promise<void> {
    await (await this.requireEngine()).dismissFailure(seq);
  }

  async retryFailure(seq: number): Promise<void> {
    await (await this.requireEngine()).retryFailure(seq);
    this.nudgeLeader();
  }

  async status(): Promise<ServiceStatus> {
    return this.current;
  }

  async subscribe(listener: (status: ServiceStatus) => void): Promise<number> {
    const id = this.nextListener++;
    this.listeners.set(id, this.emitter.on('status', listener));
    return id;
  }

  async unsubscribe(id: number): Promise<void> {
    this.listeners.get(id)?.();
    this.listeners.delete(id);
  }

  /**
   * Forgets the session first (so a run still under way cannot pull again), tells the other tabs,
   * then wipes the replica under the run lock, when no tab is in the middle of a run.
   */
  async signOut(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const client = this.client;
    this.stopEngine();
    await client?.session.clear();
    this.post({ type: 'signed-out' });
    await this.withLock(SYNC_LOCK_NAME, () => this.platform.replica.wipe());
    this.setStatus({ ...SIGNED_OUT });
  }

  /** Stops syncing without forgetting anything (tests, a page that goes away). */
  stop(): void {
    this.stopEngine();
    this.channel?.close();
    this.channel = undefined;
  }

  private async startNow(config: SyncServiceConfig): Promise<ServiceStatus> {
    const client = this.client ?? this.buildClient(config);
    this.client = client;
    const profile = await restoreProfile(client);
    if (!profile) {
      this.stopEngine();
      this.setStatus({ ...SIGNED_OUT });
      return this.current;
    }
    if (this.engine && this.profile === profile) return this.current;
    this.stopEngine();
    const session = await sessionMark(this.platform.replica, () => crypto.randomUUID());
    const engine = buildEngine(this.platform, client, profile, config, session);
    this.engine = engine;
    this.profile = profile;
    // Only this engine's statuses: a stopped one's run (another account's) may still report.
    engine.onStatus((status) => {
      if (this.engine === engine) this.engineStatus(status);
    });
    this.openChannel();
    this.setStatus({ ...(await engine.refreshStatus()), signedIn: true, leader: false, endedBy: undefined });
    this.seekLeadership(engine);
    return this.current;
  }

  private buildClient(config: SyncServiceConfig): ApiClient {
    const client = buildServiceClient(this.platform, config);
    client.onUnauthenticated(() => {
      this.stopEngine();
      this.setStatus({ ...SIGNED_OUT, endedBy: 'unauthenticated' });
    });
    return client;
  }

  /** Waits for the leader lock (at once when no other tab holds it), then starts the engine. */
  private seekLeadership(engine: SyncEngine): void {
    const locks = this.platform.locks;
    if (!locks) {
      this.becomeLeader(engine);
      return;
    }
    const held = new Promise<void>((resolve) => {
      this.releaseLeadership = resolve;
    });
    void locks
      .request(LEADER_LOCK_NAME, async () => {
        if (this.engine !== engine) return;
        this.becomeLeader(engine);
        await held;
      })
      .catch(() => undefined);
  }

  private becomeLeader(engine: SyncEngine): void {
    this.setStatus({ ...this.current, leader: true });
    engine.start();
  }

  private stopEngine(): void {
    this.engine?.stop();
    this.engine = undefined;
    this.profile = undefined;
    this.releaseLeadership?.();
    this.releaseLeadership = undefined;
  }

  /**
   * The engine, once the service is ready: a call made before start() waits for it (up to the
   * gate's timeout), and one made while a start restores the session waits for that start (and any
   * start after it) to finish. Only a service that started and found no session says 'Not signed in'.
   */
  private async requireEngine(): Promise<SyncEngine> {
    await this.gate.opened();
    let seen: Promise<ServiceStatus> | undefined;
    let failure: unknown;
    while (this.starting && this.starting !== seen) {
      seen = this.starting;
      failure = await seen.then(
        () => undefined,
        (error: unknown) => error ?? new Error('unknown failure')
      );
    }
    if (!this.engine && failure !== undefined) {
      throw new Error(
        `The sync service could not start: ${failure instanceof Error ? failure.message : String(failure)}`
      );
    }
    if (!this.engine) throw new Error('Not signed in');
    return this.engine;
  }

  private engineStatus(status: SyncStatus): void {
    if (!this.engine) return;
    if (this.current.leader) {
      this.setStatus({ ...this.current, ...status });
      const { online, syncing, lastSyncedAt, lastError, loading } = status;
      this.post({ type: 'status', status: { online, syncing, lastSyncedAt, lastError, loading } });
    } else {
      // A follower's engine does not run: only its counts are its own.
      const { pending, blocked, conflicts, failed } = status;
      this.setStatus({ ...this.current, pending, blocked, conflicts, failed });
    }
  }

  private onMessage(message: ChannelMessage): void {
    if (message.type === 'nudge') {
      if (this.current.leader) void this.engine?.syncNow().catch(() => undefined);
    } else if (message.type === 'status') {
      if (!this.current.leader && this.engine) this.setStatus({ ...this.current, ...message.status });
    } else if (message.type === 'signed-out') {
      if (!this.engine) return;
      const client = this.client;
      this.stopEngine();
      void client?.session.clear();
      this.setStatus({ ...SIGNED_OUT, endedBy: 'signed-out-elsewhere' });
    }
  }

  private openChannel(): void {
    if (this.channel || !this.platform.openChannel) return;
    this.channel = this.platform.openChannel();
    this.channel.addEventListener('message', (event) => this.onMessage(event.data as ChannelMessage));
  }

  private nudgeLeader(): void {
    if (!this.current.leader) this.post({ type: 'nudge' });
  }

  private post(message: ChannelMessage): void {
    this.channel?.postMessage(message);
  }

  private withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
    return platformLock(this.platform)(name, work);
  }

  private setStatus(status: ServiceStatus): void {
    this.current = status;
    this.emitter.emit('status', { ...status });
  }
}
