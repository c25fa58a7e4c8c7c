import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalChange } from '@/sync/engine/types';
import { SIGNED_OUT_STATUS, type SyncServiceApi } from '@/sync/service/types';
import { connectSyncWorker, WORKER_NOT_STARTED, type WorkerEndpoint } from './sync-worker';

/** A worker on a message channel: one that answers (its service exposed), or one that never runs. */
interface FakeWorker extends WorkerEndpoint {
  name: string;
  terminated: boolean;
  /** The changes its service was given. */
  changes: LocalChange[];
  /** Fires the worker's error event, as a script that fails to load does. */
  fail(): void;
}

const channels: MessageChannel[] = [];

function fakeWorker(name: string, answering: boolean): FakeWorker {
  const channel = new MessageChannel();
  channels.push(channel);
  const errors = new EventTarget();
  const changes: LocalChange[] = [];
  if (answering) {
    const service: Partial<SyncServiceApi> = {
      status: async () => SIGNED_OUT_STATUS,
      applyChange: async (change) => {
        changes.push(change);
        return { seq: changes.length, key: `${change.resourceType}/${change.id}` } as never;
      },
    };
    Comlink.expose(service, channel.port2 as unknown as Comlink.Endpoint);
  }
  const port = channel.port1 as unknown as Comlink.Endpoint;
  const worker: FakeWorker = {
    name,
    terminated: false,
    changes,
    postMessage: (message, transfer) => port.postMessage(message, transfer),
    addEventListener: (type, listener) =>
      type === 'error' ? errors.addEventListener(type, listener) : port.addEventListener(type, listener),
    removeEventListener: (type, listener) =>
      type === 'error'
        ? errors.removeEventListener(type, listener)
        : port.removeEventListener(type, listener),
    start: () => port.start?.(),
    terminate: () => {
      worker.terminated = true;
      channel.port1.close();
    },
    fail: () => errors.dispatchEvent(new Event('error')),
  };
  return worker;
}

/** Spawns the workers in turn: true answers, false never runs. */
function workers(...answering: boolean[]) {
  const spawned: FakeWorker[] = [];
  const spawn = (name: string) => {
    const worker = fakeWorker(name, answering[spawned.length] ?? false);
    spawned.push(worker);
    return worker;
  };
  return { spawned, spawn };
}

const note: LocalChange = {
  resourceType: 'Task',
  id: 't1',
  kind: 'patch',
  label: 'Add Note',
  commutes: true,
  operations: [{ op: 'add', path: '/note/-', value: { text: 'Called the patient' } }],
};

afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

describe('the sync worker as the page starts it', () => {
  it('replaces a worker that never answers, and the change made meanwhile reaches the one that does (no edit left waiting for ever)', async () => {
    const { spawned, spawn } = workers(false, true);
    const service = connectSyncWorker('carequeue', { spawn, answerMs: 50, tries: 3 });
    const applied = await service.applyChange(note);
    expect(applied).toMatchObject({ key: 'Task/t1' });
    expect(spawned.map((worker) => worker.terminated)).toEqual([true, false]);
    expect(spawned[1]?.changes).toEqual([note]);
    expect(spawned.map((worker) => worker.name)).toEqual(['carequeue-sync', 'carequeue-sync']);
  });

  it('replaces a worker whose script fails at once, without waiting out the answer time', async () => {
    const { spawned, spawn } = workers(false, true);
    const service = connectSyncWorker('carequeue', { spawn, answerMs: 60_000, tries: 3 });
    const status = service.status();
    spawned[0]?.fail();
    await expect(status).resolves.toMatchObject({ signedIn: false });
    expect(spawned).toHaveLength(2);
    expect(spawned[0]?.terminated).toBe(true);
  });

  it('refuses a change with a message the save shows when no worker answers, each stopped (no screen saying saved)', async () => {
    const { spawned, spawn } = workers(false, false, false, true);
    const service = connectSyncWorker('carequeue', { spawn, answerMs: 30, tries: 3 });
    await expect(service.applyChange(note)).rejects.toThrow(WORKER_NOT_STARTED);
    expect(spawned).toHaveLength(3);
    expect(spawned.every((worker) => worker.terminated)).toBe(true);
  });
});
