import { describe, expect, it } from 'vitest';
import { AppUpdates, type WindowLike, type WorkboxLike } from './updates';

type Listener = (event: {
  isExternal?: boolean;
  isUpdate?: boolean;
  sw?: ServiceWorker;
  originalEvent?: Event;
}) => void;

/** A worker whose state the test moves, as the browser would (statechange events). */
function fakeWorker(state: ServiceWorkerState) {
  const listeners: (() => void)[] = [];
  const worker = {
    state,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  return {
    worker: worker as unknown as ServiceWorker,
    move(next: ServiceWorkerState) {
      worker.state = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** The 'controllerchange' event workbox-window passes on: its target is the container. */
const takeover = (controller: ServiceWorker) => ({ target: { controller } }) as unknown as Event;

function fakes(waiting: boolean) {
  const listeners = new Map<string, Listener[]>();
  const calls = { update: 0, skipWaiting: 0, reload: 0 };
  const registration = { waiting: waiting ? {} : null } as unknown as ServiceWorkerRegistration;
  const workbox = {
    register: async () => registration,
    update: async () => void calls.update++,
    messageSkipWaiting: () => void calls.skipWaiting++,
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  } as unknown as WorkboxLike;
  const windowEvents: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const win: WindowLike = {
    addEventListener: (_type, listener) => windowEvents.push(listener),
    setInterval: (handler) => timers.push(handler),
    location: { reload: () => void calls.reload++ },
  };
  const fire = (type: string, event: Parameters<Listener>[0] = {}) =>
    listeners.get(type)?.forEach((listener) => listener(event));
  return {
    workbox,
    win,
    calls,
    fire,
    focus: () => windowEvents.forEach((l) => l()),
    tick: () => timers.forEach((t) => t()),
  };
}

describe('AppUpdates (registerType prompt)', () => {
  it('a waiting version is offered and nothing reloads until the user asks', async () => {
    const { workbox, win, calls, fire } = fakes(true);
    const updates = new AppUpdates(workbox, win);
    await updates.start();
    fire('waiting');
    expect(updates.getState()).toEqual({ available: true, updating: false });
    fire('controlling', { isExternal: false, isUpdate: true });
    expect(calls.reload).toBe(0);

    updates.apply();
    expect(calls.skipWaiting).toBe(1);
    expect(calls.reload).toBe(0);
    fire('controlling', { isExternal: false, isUpdate: true });
    expect(calls.reload).toBe(1);
  });

  it('checks for a new version on window focus and every interval', async () => {
    const { workbox, win, calls, focus, tick } = fakes(false);
    await new AppUpdates(workbox, win).start();
    focus();
    await new Promise((resolve) => setTimeout(resolve, 0));
    tick();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.update).toBe(2);
  });

  it('another tab updated: this tab is offered the reload, and reloads at once when chosen', async () => {
    const { workbox, win, calls, fire } = fakes(false);
    const updates = new AppUpdates(workbox, win);
    await updates.start();
    fire('controlling', { isExternal: true, isUpdate: true });
    expect(updates.getState().available).toBe(true);
    expect(calls.reload).toBe(0);
    updates.apply();
    expect(calls.reload).toBe(1);
  });

  it("a worker of the page's own build (a reinstalled copy) is not offered as a new version", async () => {
    const { workbox, win, fire } = fakes(true);
    const own = fakeWorker('installed').worker;
    const other = fakeWorker('installed').worker;
    const updates = new AppUpdates(workbox, win, 1000, (worker) => Promise.resolve(worker === own));
    await updates.start();
    fire('waiting', { sw: own });
    fire('controlling', { isExternal: true, originalEvent: takeover(own) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(updates.getState().available).toBe(false);
    fire('waiting', { sw: other });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(updates.getState().available).toBe(true);
  });

  it('after "Reload to update" the page reloads once, when the worker in control has activated', async () => {
    const { workbox, win, calls, fire } = fakes(true);
    const updates = new AppUpdates(workbox, win);
    await updates.start();
    fire('waiting');
    updates.apply();
    const first = fakeWorker('activating');
    fire('controlling', { isExternal: true, originalEvent: takeover(first.worker) });
    expect(calls.reload).toBe(0);
    // Replaced before it activated: its successor's takeover reloads.
    first.move('redundant');
    const second = fakeWorker('activating');
    fire('controlling', { isExternal: true, originalEvent: takeover(second.worker) });
    expect(calls.reload).toBe(0);
    second.move('activated');
    expect(calls.reload).toBe(1);
    fire('controlling', { isExternal: true, originalEvent: takeover(fakeWorker('activated').worker) });
    expect(calls.reload).toBe(1);
  });
});
