import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceStatus } from '@/ui';
import { useShellLoading } from './use-shell-loading';

const state = vi.hoisted(() => ({
  queues: 2,
  queuesLoading: false,
  sync: { syncing: true } as Partial<ServiceStatus>,
}));

vi.mock('@/ui', () => ({
  useProfile: () => ({ reference: 'Practitioner/1', profile: { resourceType: 'Practitioner', id: '1' } }),
  useServiceStatus: (select: (status: Record<string, unknown>) => unknown) =>
    select({ online: true, pending: 0, conflicts: 0, failed: 0, signedIn: true, ...state.sync }),
}));
vi.mock('../queues/use-menu-queues', () => ({
  useMenuQueues: () => ({
    queues: Array.from({ length: state.queues }, (_, n) => ({ id: n })),
    loading: state.queuesLoading,
  }),
}));

describe('the shell loading gate on a first sign-in', () => {
  beforeEach(() => {
    state.queues = 2;
    state.queuesLoading = false;
    state.sync = { syncing: true };
  });

  it('holds a user with only the default queues until the first rows are stored', () => {
    expect(renderHook(() => useShellLoading()).result.current).toBe(true);
  });

  it('opens once the first rows are stored, while the rest of the first sync goes on', () => {
    state.sync = { syncing: true, loading: { rows: 20, percent: 3 } };
    expect(renderHook(() => useShellLoading()).result.current).toBe(false);
  });

  it('opens as soon as a first page from the server is offered, before anything is stored', () => {
    state.queuesLoading = true;
    const page = { profile: 'Practitioner/1', query: '_count=20', tasks: [] };
    state.sync = { syncing: true, firstPages: [page] };
    expect(renderHook(() => useShellLoading()).result.current).toBe(false);
  });

  it('holds while the queues are read and nothing is offered yet', () => {
    state.queuesLoading = true;
    state.queues = 4;
    expect(renderHook(() => useShellLoading()).result.current).toBe(true);
  });

  it('does not hold a device with data while its queues are read', () => {
    state.queuesLoading = true;
    state.sync = { syncing: false, lastSyncedAt: '2024-01-01T00:00:00Z' };
    expect(renderHook(() => useShellLoading()).result.current).toBe(false);
  });

  it('does not hold a user whose role queues are already known', () => {
    state.queues = 4;
    expect(renderHook(() => useShellLoading()).result.current).toBe(false);
  });
});
