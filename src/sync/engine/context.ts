import type { Reference, Resource } from '@medplum/fhirtypes';
import type { ReplicaStore, ResourceKey } from '@/db/types';
import type { FhirClient } from '../fhir/fhir-client';
import type { Clock } from '../platform';
import type { FirstPagePreview } from './types';

/**
 * What a run works with and never changes: the server, the replica, time and randomness, and the
 * settings the engine was built with.
 */
export interface SyncConfig {
  fhir: FhirClient;
  replica: ReplicaStore;
  clock: Clock;
  random: () => number;
  profile: Reference;
  newId: () => string;
  backoffBaseMs: number;
  maxBackoffMs: number;
  allTasksCap: number;
  pageSize: number;
  /** Most entries in one batch Bundle (the server caps them). */
  batchSize: number;
  reconcileEveryMs: number;
}

/** What the steps of a run share while it goes. */
export interface RunState {
  /** Keys changed during the current run, reported through onChange. */
  touched: Set<ResourceKey>;
}

/** What the steps of a run tell the engine as they go. */
export interface RunReports {
  /** Called when a request got an answer (the device is online). */
  reached: () => void;
  /** Reports what the run changed so far, before it ends (a first load draws its first page). */
  flushTouched: () => void;
  /** True once the engine was stopped: a first load still under way stores nothing more. */
  stopped: () => boolean;
  /** How far a first load is. */
  progress: (progress: { rows: number; percent: number }) => void;
  /** Shows a first load's first pages before they are stored; undefined once the replica holds them. */
  preview: (pages: FirstPagePreview[] | undefined) => void;
  /**
   * Sends the changes the user made since the run began. A first load calls it between its stages,
   * so an edit made while it loads reaches the server in seconds, not after the whole load.
   */
  sendWaiting?: () => Promise<void>;
}

/** What push and pull are handed: the configuration, the run's shared state and its reports. */
export interface SyncContext extends SyncConfig, RunState, RunReports {}

export function nowIso(config: SyncConfig): string {
  return new Date(config.clock.now()).toISOString();
}

/** meta.lastUpdated as milliseconds, -Infinity when unknown. */
export function updatedAt(resource: Resource | undefined): number {
  const value = resource?.meta?.lastUpdated;
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** True when `incoming` should replace `current` as the server's version (not older, not the same). */
export function isNewer(incoming: Resource, current: Resource | undefined): boolean {
  if (!current) return true;
  if (incoming.meta?.versionId && incoming.meta.versionId === current.meta?.versionId) return false;
  return updatedAt(incoming) >= updatedAt(current);
}
