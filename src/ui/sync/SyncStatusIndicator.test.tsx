import type { Task } from '@medplum/fhirtypes';
import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalChange } from '@/sync/engine/types';
import type { SyncServiceApi } from '@/sync/service/types';
import { ReplicaProvider } from '@/ui/ReplicaProvider';
import { taskChanges } from '@/sync/engine/testing/task-changes';
import { replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { OfflineNotice } from './OfflineNotice';
import { SyncStatusIndicator } from './SyncStatusIndicator';

let h: ReplicaHarness;

beforeEach(async () => {
  h = await replicaHarness();
});

afterEach(() => h.stop());

const task = (id: string, more: Partial<Task> = {}): Task => ({
  resourceType: 'Task',
  id,
  status: 'ready',
  intent: 'order',
  ...more,
});

async function apply(...changes: LocalChange[]): Promise<void> {
  await act(async () => {
    for (const change of changes) await h.service.applyChange(change);
  });
}

const header = () => screen.getByRole('status', { name: 'Sync status' });

describe('the header counts failed, conflicted and waiting changes apart', () => {
  it("a refused change with two more of the same task behind it reads '1 failed · 2 waiting'", async () => {
    const t1 = task('t1', { restriction: { period: { end: '2030-01-01' } } });
    // The server's copy has no restriction: replacing it is refused for good.
    await h.holdWithoutOnServer(t1, 'restriction');
    h.render(<SyncStatusIndicator />);
    await apply(taskChanges.dueDate(t1, '2030-02-01'));
    await h.syncNow();
    await apply(taskChanges.status(t1, 'on-hold'), taskChanges.status(t1, 'in-progress'));

    expect(await within(header()).findByRole('button', { name: '1 failed · 2 waiting' })).toBeInTheDocument();
    expect(within(header()).queryByText(/waiting to sync/)).not.toBeInTheDocument();
  });

  it("a conflict with a change behind it and one of another task waiting offline reads '1 conflict · 2 waiting'", async () => {
    const [t1, t2] = [task('t1'), task('t2')];
    await h.hold(t1, t2);
    h.render(<SyncStatusIndicator />);
    await h.other.patch('Task', 't1', [{ op: 'add', path: '/priority', value: 'urgent' }]);
    await apply(taskChanges.status(t1, 'on-hold'));
    await h.syncNow();
    await within(header()).findByRole('button', { name: '1 conflict' });

    act(() => h.setOnline(false));
    await apply(taskChanges.status(t1, 'in-progress'), taskChanges.status(t2, 'on-hold'));

    expect(
      await within(header()).findByRole('button', { name: '1 conflict · 2 waiting' })
    ).toBeInTheDocument();
  });

  it("with nothing refused or in conflict, keeps '2 changes waiting to sync'", async () => {
    const [t1, t2] = [task('t1'), task('t2')];
    await h.hold(t1, t2);
    h.render(<SyncStatusIndicator />);
    act(() => h.setOnline(false));
    await apply(taskChanges.status(t1, 'on-hold'), taskChanges.status(t2, 'on-hold'));

    expect(await within(header()).findByText('2 changes waiting to sync')).toBeInTheDocument();
    expect(within(header()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is a polite live region read whole, so going offline and a waiting change are announced', async () => {
    const t1 = task('t1');
    await h.hold(t1);
    h.render(<SyncStatusIndicator />);
    const region = await screen.findByRole('status', { name: 'Sync status' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('aria-atomic', 'true');
    act(() => h.setOnline(false));
    await apply(taskChanges.status(t1, 'on-hold'));
    // The region stays in place and its words change inside it, which is what a reader announces.
    await within(header()).findByText('1 change waiting to sync');
    expect(header()).toHaveTextContent('Offline');
  });
});

describe('a sync service that never started', () => {
  const WORKER_NOT_STARTED = 'Changes cannot be saved: the sync engine did not start. Reload the app.';
  /** The service as the page holds it when no sync worker answered: every call refused. */
  const notStarted = new Proxy({} as SyncServiceApi, {
    get: () => () => Promise.reject(new Error(WORKER_NOT_STARTED)),
  });

  it("is said in the header ('Sync stopped', not 'Online') and in a notice with the reload", async () => {
    render(
      <MantineProvider env="test">
        <ReplicaProvider {...h.props} service={notStarted}>
          <OfflineNotice />
          <SyncStatusIndicator />
        </ReplicaProvider>
      </MantineProvider>
    );
    expect(await within(header()).findByText('Sync stopped')).toBeInTheDocument();
    expect(header()).not.toHaveTextContent('Online');
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(WORKER_NOT_STARTED);
    expect(within(notice).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
