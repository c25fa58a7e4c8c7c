import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceStatus } from '@/sync/service/types';
import { replicaHarness, type ReplicaHarness } from '../testing/replica-harness';
import { useServiceStatus } from './use-sync-status';

const signedIn = (status: ServiceStatus) => status.signedIn;
const lastSynced = (status: ServiceStatus) => status.lastSyncedAt ?? '';
/** A new object on every call, the same data: drawn once all the same. */
const session = (status: ServiceStatus) => ({ signedIn: status.signedIn, leader: status.leader });

let draws: Record<string, number>;

function Shown({ name, select }: { name: string; select: (status: ServiceStatus) => unknown }) {
  const value = useServiceStatus(select);
  return <p>{`${name}: ${String(value)}`}</p>;
}

/** Counts how often the value is drawn: React's Profiler reports each render of its subtree. */
function Watch({ name, select }: { name: string; select: (status: ServiceStatus) => unknown }) {
  return (
    <Profiler id={name} onRender={(id) => (draws[id] = (draws[id] ?? 0) + 1)}>
      <Shown name={name} select={select} />
    </Profiler>
  );
}

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
  draws = {};
});
afterEach(() => h.stop());

describe('useServiceStatus', () => {
  it('draws again when the value it picks changes, not on every status message of a run', async () => {
    h.render(
      <>
        <Watch name="signed in" select={signedIn} />
        <Watch name="last synced" select={lastSynced} />
        <Watch name="session" select={session} />
      </>
    );
    expect(await screen.findByText('signed in: true')).toBeTruthy();
    const before = { ...draws };
    const shown = screen.getByText(/^last synced: /).textContent;

    // A run sends several messages (syncing, then done with a new lastSyncedAt).
    await act(() => h.syncNow());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(screen.getByText(/^last synced: /).textContent).not.toBe(shown);
    expect(draws['last synced']).toBeGreaterThan(before['last synced'] ?? 0);
    expect(draws['signed in']).toBe(before['signed in']);
    expect(draws.session).toBe(before.session);
  });
});
