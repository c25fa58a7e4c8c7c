import type { Patient } from '@medplum/fhirtypes';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';

type SyncServiceApi = ReplicaHarness['props']['service'];
import { useConsoleResource } from './use-console-resource';

let h: ReplicaHarness;

beforeEach(async () => {
  h = await replicaHarness();
});

afterEach(() => h.stop());

function Shown({ id }: { id: string }) {
  const state = useConsoleResource('Patient', id);
  return <p>{state.status === 'ready' ? `from ${state.source}` : state.status}</p>;
}

/** The service refuses the first keep (as one not started yet did), then keeps as asked. */
function refusingFirstKeep(service: SyncServiceApi): { calls: number; service: SyncServiceApi } {
  const seen = { calls: 0, service };
  seen.service = new Proxy(service, {
    get(target, name, receiver) {
      if (name === 'keepResources') {
        return (resources: Parameters<SyncServiceApi['keepResources']>[0]) =>
          ++seen.calls === 1 ? Promise.reject(new Error('Not signed in')) : target.keepResources(resources);
      }
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return seen;
}

describe('a resource the page read from the server', () => {
  it('is kept in the replica even when the first keep fails: the keep is tried again', async () => {
    const [patient] = (await h.serve({
      resourceType: 'Patient',
      id: 'p-kept',
      name: [{ family: 'Kept' }],
    })) as [Patient];
    const refusing = refusingFirstKeep(h.props.service);
    h.props.service = refusing.service;
    h.render(<Shown id={patient.id ?? ''} />);

    await waitFor(async () => expect(await h.record('Patient', 'p-kept')).toBeDefined(), { timeout: 6_000 });
    expect(refusing.calls).toBeGreaterThan(1);
    expect(await screen.findByText('from replica')).toBeInTheDocument();
  });
});
