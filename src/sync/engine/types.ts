import type { Reference, Resource } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';
import type { ReplicaStore, ResourceKey } from '@/db/types';
import type { ApiClient } from '../client';
import type { FhirClient } from '../fhir/fhir-client';
import type { Clock } from '../platform';
import type { WebSocketConstructor } from '../subscriptions/subscription-manager';
import type { UploadStatus } from '../uploads/upload-status';

/** The system of the identifier a device puts on everything it creates (If-None-Exist looks it up). */
export const CLIENT_ID_SYSTEM = 'urn:carequeue:client-id';

/** What a task screen asks for: one change to one resource, in the product's words. */
export interface LocalChange {
  resourceType: string;
  /** The resource's id; a create may leave it out (the engine makes a temporary one). */
  id?: string;
  kind: 'create' | 'patch' | 'delete';
  /** The JSON Patch of a 'patch', without the version test (the engine adds it). */
  operations?: Operation[];
  /** The new resource of a 'create'. */
  resource?: Resource;
  /** True for changes that may be re-based on a newer server version (add a note, append a performer type). */
  commutes: boolean;
  /** 'Claim Task', 'Add Note'. */
  label: string;
  /**
   * The server version the user edited ('patch', 'delete'), when the screen showed it earlier (a form
   * opened before a pull brought a newer one): the server tests this version, so another user's
   * change in between becomes a conflict. The replica's server version when unset.
   */
  baseVersionId?: string;
  /**
   * True for a patch that makes the whole resource what the user wants (a form's edit): it takes
   * the place of the earlier edits of the resource still queued or refused (see supersede.ts).
   */
  replaces?: boolean;
}

export interface AppliedChange {
  /** The outbox entry of the change; 0 when a superseding edit left nothing to send (it undid the edits it replaced). */
  seq: number;
  key: ResourceKey;
  /** The id the resource has locally (a temporary one for a create until the server confirms it). */
  id: string;
}

export interface SyncStatus {
  /** False after the network failed, until a request gets through again. */
  online: boolean;
  syncing: boolean;
  /** Outbox entries the next run will send (not in conflict, not failed, not held behind either). */
  pending: number;
  /**
   * Outbox entries waiting behind an earlier conflict or failure of the same resource: they cannot
   * be sent until the user resolves it, so they are not counted as pending.
   */
  blocked: number;
  conflicts: number;
  failed: number;
  /** ISO instant of the end of the last run that reached the server. */
  lastSyncedAt?: string;
  /** True while another user's change arrives by websocket notification (else the timer finds it). */
  live?: boolean;
  /** While a first load fills the replica: the tasks it holds so far and a rough share of the whole. */
  loading?: { rows: number; percent: number };
  /**
   * While a first load has the first pages of the opening lists from the server and has not stored
   * them yet: their rows, so a list asking exactly one of these searches draws them at once.
   */
  firstPages?: FirstPagePreview[];
  lastError?: string;
  /** The file upload under way or last tried (its progress, or its failure's words). */
  upload?: UploadStatus;
}

/** One list page a first load received, before the replica holds it. */
export interface FirstPagePreview {
  /** The account the load is for: 'Practitioner/123'. */
  profile: string;
  /** The list's Task search this page answers, with its sort and page: `status:not=completed&_sort=…&_count=20&_offset=0`. */
  query: string;
  /** The matching tasks, in the server's order (what the search included left out). */
  tasks: Resource[];
  /** The matches of the whole search, when the server counted them. */
  total?: number;
}

/** Runs `fn` while holding a named lock (Web Locks in the worker): one tab syncs at a time. */
export type LockFn = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** Timers, injected so tests control when periodic runs happen. */
export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SyncEngineOptions {
  client: ApiClient;
  /** The FHIR calls; built from `client` when not given. */
  fhir?: FhirClient;
  replica: ReplicaStore;
  clock: Clock;
  /** [0, 1): the jitter of back-off. Math.random by default. */
  random?: () => number;
  lock?: LockFn;
  /** The signed-in user's profile, 'Practitioner/123'. */
  profile: Reference;
  /** Called after the engine changed the replica, with the keys it touched. */
  onChange?: (keys: ResourceKey[]) => void;
  /** Makes the client identifier of a create; crypto.randomUUID by default. */
  newId?: () => string;
  /** Tells the engine when the device goes on or off line (the worker's online/offline events). */
  onlineSignal?: (listener: (online: boolean) => void) => () => void;
  scheduler?: Scheduler;
  /**
   * False once the session is gone (signed out in another tab): a run that starts then does
   * nothing, so it cannot refill a replica that sign-out just wiped. Always true when not given.
   */
  signedIn?: () => Promise<boolean>;
  /**
   * The replica's session mark (see session-guard.ts): when given, every write checks it inside its
   * own transaction, so nothing lands in a replica that sign-out wiped, in this tab or another.
   */
  session?: string;
  /** Opens live-update sockets; without it (or where the server offers none) changes come by the timer. */
  webSocket?: WebSocketConstructor;
  /** Period of background runs after start(); 30 s by default. */
  intervalMs?: number;
  /** Most recently updated tasks kept beyond the user's queues; 2,000 by default. */
  allTasksCap?: number;
  /** First back-off delay; doubled per attempt up to maxBackoffMs. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** How often search-mode types reconcile ids to find deletes; 10 minutes by default. */
  reconcileEveryMs?: number;
  /** Page size of pulls. */
  pageSize?: number;
  /** Most entries in one batch Bundle; 200 by default. */
  batchSize?: number;
}

/** Meta keys the engine writes to the replica. */
export const META_SCOPE = 'syncScope';

/** Meta key of the resource types the pull follows beyond the core ones (what the tasks point at). */
export const META_FOLLOWED_TYPES = 'followedTypes';
export const META_CAPABILITIES = 'historyTypes';
export const META_LAST_RECONCILE = 'lastReconcile';

/** The status before the first sync: online as far as the engine knows, nothing waiting. */
export const IDLE_SYNC_STATUS: SyncStatus = {
  online: true,
  syncing: false,
  pending: 0,
  blocked: 0,
  conflicts: 0,
  failed: 0,
};
