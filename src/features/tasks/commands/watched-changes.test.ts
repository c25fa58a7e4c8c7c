import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/ui';
import { judgeChange, UNSEEN_GRACE_MS, type WatchedChange } from './watched-changes';

const watched: WatchedChange = { seq: 7, label: 'Pause Task', seen: false, since: 1_000 };
const entry = (state: OutboxEntry['state'], error?: string): OutboxEntry => ({
  seq: 7,
  key: 'Task/t1',
  resourceType: 'Task',
  resourceId: 't1',
  kind: 'patch',
  operations: [],
  commutes: false,
  label: 'Pause Task',
  createdAt: '2024-01-01T00:00:00Z',
  attempts: 0,
  notBefore: 0,
  state,
  error,
  revision: 0,
});

describe('telling how a change made here ended on the server', () => {
  it('waits while the change is pending', () => {
    expect(judgeChange(watched, [entry('pending')], [], 2_000)).toEqual({ kind: 'waiting', seen: true });
  });

  it('reports a conflict from the outbox state or the conflict list', () => {
    expect(judgeChange(watched, [entry('conflict')], [], 2_000)).toEqual({ kind: 'conflict' });
    const conflict = {
      seq: 7,
      key: 'Task/t1',
      label: 'Pause Task',
      mine: { resourceType: 'Task' as const, status: 'ready' as const, intent: 'order' as const },
      detectedAt: '',
    };
    expect(judgeChange(watched, [], [conflict], 2_000)).toEqual({ kind: 'conflict' });
  });

  it("reports a refusal with the server's words", () => {
    expect(judgeChange(watched, [entry('failed', 'Invalid due date')], [], 2_000)).toEqual({
      kind: 'failed',
      error: 'Invalid due date',
    });
  });

  it('counts a change gone from the outbox as synced once it was seen there, or after a grace period', () => {
    expect(judgeChange({ ...watched, seen: true }, [], [], 2_000)).toEqual({ kind: 'synced' });
    expect(judgeChange(watched, [], [], 2_000)).toEqual({ kind: 'waiting', seen: false });
    expect(judgeChange(watched, [], [], 1_000 + UNSEEN_GRACE_MS + 1)).toEqual({ kind: 'synced' });
  });
});
