import type { Resource } from '@medplum/fhirtypes';
import { resourceKey, type ResourceKey, type StoredResource } from '@/db/types';
import type { LocalChange } from '@/sync/engine/types';
import type { Operation } from 'fast-json-patch';
import { jsonEqual as sameValue } from '@/sync/engine/rebase';
import { applyTolerant } from '@/sync/engine/view';

/** A change the screen shows before the replica holds it. */
interface OverlayEntry {
  id: number;
  key: ResourceKey;
  /** The resource as the screen showed it when the user acted. */
  before: Resource;
  /** What the user sees now; undefined for a delete. */
  after: Resource | undefined;
  operations: Operation[];
  /** Set once the change is durable in the replica (ms since the epoch). */
  durableAt?: number;
}

/** How long a durable change stays in the overlay at most: live reads show it well within this. */
const DURABLE_GRACE_MS = 5_000;

/**
 * The optimistic overlay of the screens: a change the user makes is drawn at once over what the
 * replica's reads return, while the sync service makes it durable. A record read from the replica is
 * shown with every change it does not hold yet:
 * - a change whose result the record already equals is in the replica: nothing to add;
 * - a durable change is added only to a read older than it (the record still says what the user
 *   acted on, whatever its version: the server confirming an earlier change of the same resource
 *   makes a new version of the same content); any other read holds it or something newer;
 * - a change not yet durable is added on top of whatever was read (its operations, tolerantly).
 * A change whose durable write fails leaves the overlay, so the screen shows the replica again.
 */
export class PendingOverlay {
  private entries: readonly OverlayEntry[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  /** For useSyncExternalStore: changes whenever an entry is added, settled or dropped. */
  getSnapshot = (): readonly unknown[] => this.entries;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Shows a patch or delete of `shown` (the resource as the screen has it) at once; returns the
   * entry's id, or undefined when the change is not one the overlay can draw (a create).
   */
  begin(change: LocalChange, shown: Resource | undefined): number | undefined {
    if (!shown || !change.id || change.kind === 'create') return undefined;
    const operations = change.operations ?? [];
    const after = change.kind === 'delete' ? undefined : applyTolerant(shown, operations);
    const id = this.nextId++;
    const key = resourceKey(change.resourceType, change.id);
    this.set([...this.live(), { id, key, before: shown, after, operations }]);
    return id;
  }

  /** The change is durable: live reads take over from the overlay. */
  settle(id: number): void {
    this.set(this.live().map((entry) => (entry.id === id ? { ...entry, durableAt: Date.now() } : entry)));
  }

  /** The change was not stored: the screen shows the replica again. */
  drop(id: number): void {
    this.set(this.live().filter((entry) => entry.id !== id));
  }

  /** Whether any change is being shown (a cheap test before mapping a list). */
  get empty(): boolean {
    return this.entries.length === 0;
  }

  /** The record as the user sees it: the replica's, with the changes it does not hold yet. */
  apply(record: StoredResource): StoredResource {
    let shown = record;
    for (const entry of this.entries) {
      if (entry.key !== record.key || shown.deleted === 1) continue;
      const current = shown.resource;
      if (entry.after && sameValue(current, entry.after)) continue;
      if (entry.durableAt !== undefined && !sameContent(current, entry.before)) continue;
      shown = entry.after
        ? {
            ...shown,
            resource: entry.durableAt === undefined ? applyOnto(current, entry) : entry.after,
            pending: shown.pending + 1,
          }
        : { ...shown, deleted: 1, pending: shown.pending + 1 };
    }
    return shown;
  }

  /** Entries without those durable long enough for every live read to hold them. */
  private live(): OverlayEntry[] {
    const now = Date.now();
    return this.entries.filter(
      (entry) => entry.durableAt === undefined || now - entry.durableAt < DURABLE_GRACE_MS
    );
  }

  private set(entries: readonly OverlayEntry[]): void {
    this.entries = entries;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Whether two versions of a resource say the same, their meta (version, time) aside. */
function sameContent(a: Resource, b: Resource): boolean {
  const { meta: _a, ...contentA } = a;
  const { meta: _b, ...contentB } = b;
  return sameValue(contentA, contentB);
}

/** The entry's change on top of `current`: its result when `current` is what the user acted on. */
function applyOnto(current: Resource, entry: OverlayEntry): Resource {
  if (!entry.after || sameValue(current, entry.before)) return entry.after ?? current;
  return applyTolerant(current, entry.operations);
}
