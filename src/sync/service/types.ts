import { REPLICA_DATABASE_NAME } from '@/db/schema';
import type { Resource } from '@medplum/fhirtypes';
import type { DefinitionRow, ReplicaStore } from '@/db/types';
import { IDLE_SYNC_STATUS, type AppliedChange, type LocalChange, type SyncStatus } from '../engine/types';
import type { Clock, FetchLike, KeyValueStorage } from '../platform';
import type { WebSocketConstructor } from '../subscriptions/subscription-manager';

/** What the sync service needs to reach the server: the runtime config's fields. */
export interface SyncServiceConfig {
  baseUrl: string;
  fhirUrlPath?: string;
  clientId: string;
  /** Period of background runs; the engine's default when unset. */
  intervalMs?: number;
  /** Delay between retries of one request (tests set 0). */
  retryDelayMs?: number;
}

/** The engine's status as the UI sees it, with the service's own state. */
export interface ServiceStatus extends SyncStatus {
  /** A session was found and the engine runs (or waits to lead). */
  signedIn: boolean;
  /** This context holds the leader lock: its engine pushes and pulls for every tab. */
  leader: boolean;
  /** Set when the session ended elsewhere (another tab signed out, or the server refused the tokens). */
  endedBy?: 'signed-out-elsewhere' | 'unauthenticated';
  /**
   * Set by the page when the sync service never answered (its worker did not start): why nothing
   * syncs or saves, in the words the service's calls fail with.
   */
  stopped?: string;
}

export type ConflictChoice = 'mine' | 'theirs';

/** The changes a user's choice would discard besides the one it is about, by label ('Add Note'). */
export interface ChoicePreview {
  dropped: string[];
}

/**
 * The sync service as the page calls it: in the sync worker through comlink, or in the page itself
 * where workers are unavailable (jsdom tests). Every method is asynchronous so both look alike.
 */
export interface SyncServiceApi {
  /** Restores the session from storage and starts syncing; again after a sign-in. Idempotent. */
  start(config: SyncServiceConfig): Promise<ServiceStatus>;
  /** Applies a change to the replica and the outbox in one transaction: resolved once durable. */
  applyChange(change: LocalChange): Promise<AppliedChange>;
  syncNow(): Promise<ServiceStatus>;
  /**
   * The page's online and offline events. A dedicated worker does not hear the browser's network
   * change, so the page passes each one on; the leader sends what waits at once when it comes back.
   */
  networkChanged(online: boolean): Promise<void>;
  /**
   * Keeps server versions the page read (a resource the replica did not hold), so they are there
   * offline and can be changed; their types are followed by the pull from then on.
   */
  keepResources(resources: Resource[]): Promise<void>;
  /** Stores definitions the console keeps for offline use (schemas, value set expansions). */
  keepDefinitions(rows: DefinitionRow[]): Promise<void>;
  /** Keeps versions the page read from the server in the replica, as a pull would (older ones ignored). */
  keepServerVersions(resources: Resource[]): Promise<void>;
  resolveConflict(seq: number, choice: ConflictChoice): Promise<void>;
  /**
   * What a conflict choice would discard besides the change in conflict (the labels of the later
   * changes of the resource it drops), read from the replica, changing nothing: for the confirmation.
   */
  previewConflictChoice(seq: number, choice: ConflictChoice): Promise<ChoicePreview>;
  /** What dismissing a failed change would discard besides it (a failed create: what followed it). */
  previewDismiss(seq: number): Promise<ChoicePreview>;
  dismissFailure(seq: number): Promise<void>;
  retryFailure(seq: number): Promise<void>;
  status(): Promise<ServiceStatus>;
  /** Calls `listener` with every status from now on (through comlink: a proxied function). */
  subscribe(listener: (status: ServiceStatus) => void): Promise<number>;
  unsubscribe(id: number): Promise<void>;
  /** Stops syncing and removes the replica, the outbox, the cached schema and the tokens. */
  signOut(): Promise<void>;
}

/** The part of navigator.locks the service uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The part of BroadcastChannel the service uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** The surroundings of the service: a worker's, a page's, or a test's. */
export interface SyncServicePlatform {
  replica: ReplicaStore;
  /** Where the session tokens live (shared with the page and the service worker). */
  storage: KeyValueStorage;
  fetch?: FetchLike;
  clock?: Clock;
  /** Web Locks; without them this context is always the leader (one context only). */
  locks?: LockManagerLike;
  /** A channel to the other tabs' services (BroadcastChannel); none in single-context tests. */
  openChannel?: () => ChannelLike;
  /** The online/offline events of the context. */
  onlineSignal?: (listener: (online: boolean) => void) => () => void;
  /** Opens the live-update socket (the context's WebSocket); without it changes come by the timer. */
  webSocket?: WebSocketConstructor;
}

/** Messages between the services of several tabs. */
export type ChannelMessage =
  /** A non-leader stored a change: the leader should push it now. */
  | { type: 'nudge' }
  /** The leader's connection and run state, for the other tabs' headers. */
  | {
      type: 'status';
      status: Pick<SyncStatus, 'online' | 'syncing' | 'lastSyncedAt' | 'lastError' | 'loading'>;
    }
  /** A tab signed out: every tab stops and forgets the session. */
  | { type: 'signed-out' };

/** Lock names shared by every tab and worker of the origin. */
export const LEADER_LOCK_NAME = 'carequeue-sync-leader';
export const REFRESH_LOCK_NAME = 'carequeue-token-refresh';
export const CHANNEL_NAME = 'carequeue-sync';

/** The Background Sync tag under which a page asks the service worker to replay the outbox. */
export const OUTBOX_SYNC_TAG = 'carequeue-outbox';

/** The status of a service with nobody signed in and no tab leading. */
export const SIGNED_OUT_STATUS: ServiceStatus = { ...IDLE_SYNC_STATUS, signedIn: false, leader: false };

/** The sync worker's name; another account's worker carries its database after a colon. */
export const SYNC_WORKER_NAME = 'carequeue-sync';

/**
 * A lock, channel, worker or Background Sync name for one account's replica. Each signed-in account
 * has its own database, so its tabs lead, refresh tokens, sign out and replay apart from the other
 * accounts'; the first account keeps the plain names.
 */
export function scopedName(name: string, database: string): string {
  return database === REPLICA_DATABASE_NAME ? name : `${name}:${database}`;
}

/** The database a scoped name belongs to (the first account's for a plain name); undefined for other names. */
export function databaseOfScopedName(scoped: string, name: string): string | undefined {
  if (scoped === name) return REPLICA_DATABASE_NAME;
  return scoped.startsWith(`${name}:`) ? scoped.slice(name.length + 1) : undefined;
}
