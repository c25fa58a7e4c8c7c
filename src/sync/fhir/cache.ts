/** Request cache size. */
export const DEFAULT_CACHE_SIZE = 1000;

interface CacheEntry {
  value: unknown;
  expiresAt: number;
}

/**
 * Answers to GET requests, kept for a while so that screens asking for the same thing do not hit the
 * network again. Least recently used entries leave first when the cache is full.
 */
export class RequestCache {
  private readonly entries = new Map<string, CacheEntry>();

  constructor(
    private readonly now: () => number,
    readonly timeMs: number,
    readonly maxEntries = DEFAULT_CACHE_SIZE
  ) {}

  get(url: string): unknown {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.entries.delete(url);
    if (entry.expiresAt <= this.now()) return undefined;
    // Re-insert so the Map's order stays least recently used first.
    this.entries.set(url, entry);
    return structuredClone(entry.value);
  }

  set(url: string, value: unknown): void {
    if (this.timeMs <= 0) return;
    this.entries.delete(url);
    this.entries.set(url, { value: structuredClone(value), expiresAt: this.now() + this.timeMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops every entry whose address contains `fragment` (a write to a type invalidates its reads). */
  invalidate(fragment: string): void {
    for (const url of [...this.entries.keys()]) if (url.includes(fragment)) this.entries.delete(url);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
