import type { Workbox } from 'workbox-window';

/** What the page shows about new versions of the app. */
export interface UpdateState {
  /** A new version is installed and waits: offer 'Reload to update'. */
  available: boolean;
  /** The user chose to update: the new worker is taking over, then the page reloads. */
  updating: boolean;
}

/** The parts of workbox-window's Workbox used here (tests pass a fake). */
export type WorkboxLike = Pick<Workbox, 'register' | 'update' | 'messageSkipWaiting' | 'addEventListener'>;

/** The parts of window used here. */
export interface WindowLike {
  addEventListener(type: 'focus', listener: () => void): void;
  setInterval(handler: () => void, ms: number): unknown;
  location: { reload(): void };
}

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

/**
 * Whether a service worker serves this page's own build. The browser may install a byte-identical
 * copy of the running worker as a new version (Chromium does while a Background Sync registration
 * is pending); such a copy is no new version of the app.
 */
export type SameBuildCheck = (worker: ServiceWorker) => Promise<boolean>;

const neverSameBuild: SameBuildCheck = () => Promise.resolve(false);

/**
 * Registers the service worker and watches for new versions (registerType 'prompt'): a new worker
 * installs in the background and waits; the page offers 'Reload to update'; only when the user
 * chooses it is the waiting worker told to take over (SKIP_WAITING), and the page reloads once it
 * controls. Nothing reloads on its own. Checks for a new version every hour and when the window gets
 * the focus back. The outbox and the replica live in IndexedDB and are untouched by an update.
 * A worker that serves this page's own build is not offered as a new version, and the page reloads
 * once, when the worker it chose is active, however many workers take control meanwhile.
 */
export class AppUpdates {
  private state: UpdateState = { available: false, updating: false };
  private readonly listeners = new Set<() => void>();
  private registration: ServiceWorkerRegistration | undefined;
  private checking: Promise<void> | undefined;
  private reloading = false;

  constructor(
    private readonly workbox: WorkboxLike,
    private readonly win: WindowLike,
    private readonly intervalMs = UPDATE_CHECK_INTERVAL_MS,
    private readonly sameBuild: SameBuildCheck = neverSameBuild
  ) {}

  /** Registers the worker; resolves with its registration (undefined where registration failed). */
  async start(): Promise<ServiceWorkerRegistration | undefined> {
    // A worker waiting at start-up (installed by an earlier visit) is reported as 'waiting' too.
    this.workbox.addEventListener('waiting', (event) => void this.offer(event.sw));
    this.workbox.addEventListener('controlling', (event) => {
      const controller = controllerOf(event.originalEvent);
      if (this.state.updating) this.reloadWhenActivated(controller);
      // A worker this page did not register took over (another tab chose to update): this page
      // still runs the old version. (Not external: the first install, or the claim after a reload.)
      else if (event.isExternal) void this.offer(controller);
    });
    this.win.addEventListener('focus', () => void this.check());
    this.win.setInterval(() => void this.check(), this.intervalMs);
    try {
      this.registration = await this.workbox.register();
    } catch (error) {
      console.error('The service worker could not be registered', error);
    }
    return this.registration;
  }

  /** Asks the server for a newer worker (one request at a time). */
  check(): Promise<void> {
    this.checking ??= this.workbox
      .update()
      .catch(() => undefined)
      .finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** 'Reload to update': the waiting worker takes over, then the page reloads. */
  apply(): void {
    this.set({ updating: true });
    if (this.registration && !this.registration.waiting) {
      // Already activated (by another tab): this page only needs the new files.
      this.reloadOnce();
      return;
    }
    this.workbox.messageSkipWaiting();
  }

  getState(): UpdateState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Offers 'Reload to update' for a worker unless it serves this page's own build. */
  private async offer(worker: ServiceWorker | undefined): Promise<void> {
    if (this.state.available) return;
    if (worker && (await this.sameBuild(worker))) return;
    this.set({ available: true });
  }

  /**
   * Reloads once the worker now in control has activated, so the reload is answered by an active
   * worker. One that turns redundant first was replaced, and its successor's takeover reloads.
   */
  private reloadWhenActivated(worker: ServiceWorker | undefined): void {
    if (!worker || worker.state === 'activated') {
      this.reloadOnce();
      return;
    }
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') this.reloadOnce();
    });
  }

  /** One reload: a second one would cancel the first while it loads. */
  private reloadOnce(): void {
    if (this.reloading) return;
    this.reloading = true;
    this.win.location.reload();
  }

  private set(patch: Partial<UpdateState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The worker controlling the page after a 'controllerchange' event, when the event carries it. */
function controllerOf(event: Event | undefined): ServiceWorker | undefined {
  const container = event?.target as Partial<ServiceWorkerContainer> | null | undefined;
  return container?.controller ?? undefined;
}
