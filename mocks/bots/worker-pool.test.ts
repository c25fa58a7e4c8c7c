import { describe, expect, it } from 'vitest';
import type { BotJob, HostMessage, WorkerMessage } from './sandbox-protocol';
import { WorkerPoolRunner, type SandboxWorker } from './worker-pool';

type Behaviour = 'answer' | 'hang' | 'die';

/** Workers that behave as told on 'start', and a record of what the pool did with them. */
function fakeWorkers(behaviours: Behaviour[]) {
  const spawned: { terminated: boolean }[] = [];
  const spawn = (): SandboxWorker => {
    const record = { terminated: false };
    spawned.push(record);
    let onMessage: (message: WorkerMessage) => void = () => undefined;
    let onFailure: (error: string) => void = () => undefined;
    return {
      post(message: HostMessage) {
        if (message.type !== 'start') return;
        const behaviour = behaviours.shift() ?? 'answer';
        setTimeout(() => {
          onMessage({ type: 'running' });
          if (behaviour === 'answer') onMessage({ type: 'done', ok: true, result: '"done"' });
          if (behaviour === 'die') onFailure('exit code 1');
        }, 1);
      },
      listen(message, failure) {
        onMessage = message;
        onFailure = failure;
      },
      terminate() {
        record.terminated = true;
      },
    };
  };
  return { spawn, spawned };
}

const job: BotJob = {
  code: '',
  eventJson: '{}',
  nowMs: 0,
  timeoutMs: 20,
  filename: 'bot.js',
  call: async () => ({ status: 200, body: '{}' }),
};

describe('the pool of sandbox workers', () => {
  it('terminates a worker that never answers and gives the next run a new one', async () => {
    const { spawn, spawned } = fakeWorkers(['hang', 'answer']);
    const pool = new WorkerPoolRunner(spawn, { graceMs: 20 });
    expect(await pool.run(job)).toEqual({ ok: false, error: 'Bot timed out after 20 ms', timedOut: true });
    expect(spawned).toEqual([{ terminated: true }]);
    expect(await pool.run(job)).toEqual({ ok: true, result: 'done' });
    expect(spawned).toEqual([{ terminated: true }, { terminated: false }]);
    pool.dispose();
  });

  it('reports a worker that died during a run, and does not hand it out again', async () => {
    const { spawn, spawned } = fakeWorkers(['die', 'answer']);
    const pool = new WorkerPoolRunner(spawn);
    expect(await pool.run(job)).toEqual({
      ok: false,
      error: 'The bot sandbox stopped: exit code 1',
      timedOut: false,
    });
    expect(await pool.run(job)).toEqual({ ok: true, result: 'done' });
    expect(spawned).toHaveLength(2);
    pool.dispose();
  });

  it('keeps runs past the worker limit waiting for a free worker instead of starting more', async () => {
    const { spawn, spawned } = fakeWorkers([]);
    const pool = new WorkerPoolRunner(spawn, { maxWorkers: 2 });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => pool.run(job)));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(spawned).toHaveLength(2);
    pool.dispose();
    expect(spawned).toEqual([{ terminated: true }, { terminated: true }]);
  });
});
