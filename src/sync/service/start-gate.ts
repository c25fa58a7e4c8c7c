/** How long a call made before the service's first start waits for it before failing. */
export const DEFAULT_READY_TIMEOUT_MS = 30_000;

/**
 * The moment the sync service is first started. The page may call the service before it starts it
 * (a screen's effect runs before the provider's, and a worker answers in the order it was called):
 * such calls wait here instead of failing. A gate never opened fails each waiting call after the
 * timeout, saying so, so that nothing waits for ever.
 */
export class StartGate {
  private isOpen = false;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly timeoutMs = DEFAULT_READY_TIMEOUT_MS) {}

  open(): void {
    this.isOpen = true;
    for (const release of [...this.waiters]) release();
    this.waiters.clear();
  }

  /** Resolves once the service was started; rejects when it was not within the timeout. */
  opened(): Promise<void> {
    if (this.isOpen) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(release);
        reject(new Error(`The sync service was not started within ${Math.round(this.timeoutMs / 1000)} s`));
      }, this.timeoutMs);
      const release = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.add(release);
    });
  }
}
