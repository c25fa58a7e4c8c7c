import type { ConflictRecord, OutboxEntry } from '@/ui';

/** A change made from the task screens whose fate on the server is still to be told. */
export interface WatchedChange {
  seq: number;
  label: string;
  /** Whether the outbox was seen holding it (a missing entry means confirmed only after that). */
  seen: boolean;
  /** ms since the epoch. */
  since: number;
}

export type WatchVerdict =
  | { kind: 'waiting'; seen: boolean }
  | { kind: 'synced' }
  | { kind: 'conflict' }
  | { kind: 'failed'; error: string };

/** How long a change that never showed up in the outbox is watched (a stale read can miss it). */
export const UNSEEN_GRACE_MS = 10_000;

/** What the outbox and conflicts say about one watched change. Pure. */
export function judgeChange(
  watched: WatchedChange,
  outbox: readonly OutboxEntry[],
  conflicts: readonly ConflictRecord[],
  now: number
): WatchVerdict {
  const entry = outbox.find((candidate) => candidate.seq === watched.seq);
  if (entry?.state === 'conflict' || conflicts.some((conflict) => conflict.seq === watched.seq)) {
    return { kind: 'conflict' };
  }
  if (entry?.state === 'failed')
    return { kind: 'failed', error: entry.error ?? 'The server refused the change' };
  if (entry) return { kind: 'waiting', seen: true };
  if (watched.seen || now - watched.since > UNSEEN_GRACE_MS) return { kind: 'synced' };
  return { kind: 'waiting', seen: false };
}

type Listener = () => void;

/** The changes being watched, shared by every task screen so a watch outlives the screen that made it. */
class WatchedChanges {
  private items = new Map<number, WatchedChange>();
  private readonly listeners = new Set<Listener>();

  add(seq: number, label: string, now = Date.now()): void {
    this.items.set(seq, { seq, label, seen: false, since: now });
    this.emit();
  }

  markSeen(seq: number): void {
    const item = this.items.get(seq);
    if (item && !item.seen) this.items.set(seq, { ...item, seen: true });
  }

  remove(seq: number): void {
    if (this.items.delete(seq)) this.emit();
  }

  list(): WatchedChange[] {
    return [...this.items.values()];
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  size = (): number => this.items.size;

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export const watchedChanges = new WatchedChanges();
