import type { Reference, Resource } from '@medplum/fhirtypes';
import type { ReplicaStore, ResourceKey } from '@/db/types';
import type { FhirClient } from '../fhir/fhir-client';
import type { Clock } from '../platform';
import type { FirstPagePreview } from './types';

/** What push and pull share: the server, the replica, time and randomness, and what they touched. */
export interface SyncContext {
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
  /** Keys changed during the current run, reported through onChange. */
  touched: Set<ResourceKey>;
  /** Called when a request got an answer (the device is online). */
  reached: () => void;
  /** Reports what the run changed so far, before it ends (a first load draws its first page). */
  flushTouched?: () => void;
  /** True once the engine was stopped: a first load still under way stores nothing more. */
  stopped?: () => boolean;
  /** How far a first load is. */
  progress?: (progress: { rows: number; percent: number }) => void;
  /** Shows a first load's first pages before they are stored; undefined once the replica holds them. */
  preview?: (pages: FirstPagePreview[] | undefined) => void;
  /**
   * Sends the changes made since the run began, between the stages of a long pull: a change made
   * while the clinical lists load reaches the server before them, not after.
   */
  sendWaiting?: () => Promise<void>;
  /** Called as the pull sends its first request: what the server holds from then on is read next run. */
  pulling?: () => void;
  /** True when another run may follow this one (a change announced or asked for since its pull began). */
  runAgainDue?: () => boolean;
}

/** The delay before attempt `attempts + 1`: doubling from the base, capped, with jitter in [½, 1]. */
export function backoffDelay(context: SyncContext, attempts: number): number {
  const exponential = context.backoffBaseMs * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(context.maxBackoffMs, exponential);
  return Math.round(capped * (0.5 + context.random() / 2));
}

export function nowIso(context: SyncContext): string {
  return new Date(context.clock.now()).toISOString();
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
