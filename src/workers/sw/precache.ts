/** One file of the build, as the build writes it into the worker (self.__WB_MANIFEST). */
export interface PrecacheEntry {
  url: string;
  /** A hash of the file's content; null when the name already carries one (assets/index-abc.js). */
  revision: string | null;
}

export const SHELL_CACHE = 'carequeue-shell';

/**
 * The app shell precache: every file of this build, fetched when the worker installs and kept in one
 * Cache under a key that carries the file's revision. A new build's worker adds only the files that
 * changed, while the old worker still serves its own; when the new one activates, the keys of older
 * builds are deleted. Nothing but these files is ever put here.
 */
export class ShellPrecache {
  /** Absolute URL (no query) → cache key. */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly caches: CacheStorage,
    entries: readonly PrecacheEntry[],
    scope: string,
    private readonly cacheName = SHELL_CACHE
  ) {
    for (const entry of entries) {
      const url = new URL(entry.url, scope);
      url.search = '';
      url.hash = '';
      const key = new URL(url.href);
      if (entry.revision) key.searchParams.set('__revision', entry.revision);
      this.keys.set(url.href, key.href);
    }
  }

  /** The absolute URLs of the files of this build. */
  urls(): ReadonlySet<string> {
    return new Set(this.keys.keys());
  }

  /** Fetches every file of this build not cached yet (bypassing the HTTP cache). Fails if one fails. */
  async install(fetchImpl: (request: Request) => Promise<Response>): Promise<number> {
    const cache = await this.caches.open(this.cacheName);
    let fetched = 0;
    await Promise.all(
      [...this.keys].map(async ([url, key]) => {
        if (await cache.match(key)) return;
        const response = await fetchImpl(new Request(url, { cache: 'reload', credentials: 'same-origin' }));
        if (!response.ok) throw new Error(`Precaching ${url} failed: HTTP ${response.status}`);
        await cache.put(key, response);
        fetched++;
      })
    );
    return fetched;
  }

  /** Deletes the files of older builds. */
  async activate(): Promise<number> {
    const cache = await this.caches.open(this.cacheName);
    const current = new Set(this.keys.values());
    let deleted = 0;
    for (const request of await cache.keys()) {
      if (!current.has(request.url) && (await cache.delete(request))) deleted++;
    }
    return deleted;
  }

  /** The cached copy of one of this build's files (an absolute URL without query), if cached. */
  async match(url: string): Promise<Response | undefined> {
    const key = this.keys.get(url);
    if (!key) return undefined;
    const cache = await this.caches.open(this.cacheName);
    return cache.match(key);
  }
}
