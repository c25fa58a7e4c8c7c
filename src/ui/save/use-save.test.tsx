import type { Patient } from '@medplum/fhirtypes';
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outcomeText } from '@/sync/http/errors';
import { replicaHarness, type ReplicaHarness } from '../testing/replica-harness';
import { createChange, editChange } from './changes';
import { useSave, type Save } from './use-save';

let h: ReplicaHarness;
/** The form's save, as its submit handler calls it. */
const form: { save: Save['save'] } = { save: () => Promise.reject(new Error('not drawn')) };

/** A form's view of its save: whether it is submitting, and the words of its last failure. */
function Form() {
  const { save, submitting, outcome } = useSave();
  useEffect(() => {
    form.save = save;
  }, [save]);
  return (
    <>
      <p>{submitting ? 'submitting' : 'idle'}</p>
      <p role="alert">{outcome ? outcomeText(outcome) : ''}</p>
    </>
  );
}

const patient: Patient = { resourceType: 'Patient', name: [{ family: 'Lee' }] };

beforeEach(async () => {
  h = await replicaHarness();
  h.render(<Form />);
  await screen.findByText('idle');
});
afterEach(() => h.stop());

describe('useSave, the one save of every form', () => {
  it('online, resolves once the server has the change: sent, and the server holds it', async () => {
    const result = await act(() => form.save({ change: createChange(patient, 'Add Patient') }));
    if (!result.ok || !result.applied) throw new Error('not stored');
    expect(result.delivery).toBe('sent');
    expect(h.applied.map((change) => change.label)).toEqual(['Add Patient']);
    const onServer = await h.other.search('Patient', { family: 'Lee' });
    expect(onServer.entry?.length).toBe(1);
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it('queues nothing when the form changed nothing, and says so', async () => {
    const result = await act(() => form.save({ change: editChange({ ...patient, id: 'p1' }, patient) }));
    expect(result).toEqual({ ok: true });
    expect(h.applied).toEqual([]);
  });

  it('shows why a change the replica refused was not stored, until the next save starts', async () => {
    const refused = await act(() =>
      form.save({ change: editChange({ ...patient, id: 'missing' }, { ...patient, gender: 'female' }) })
    );
    expect(refused.ok).toBe(false);
    expect(screen.getByRole('alert').textContent).toMatch(/Patient\/missing is not in the local replica/);

    await act(() => form.save({ change: createChange(patient) }));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('reports an error while making the change the same way, storing nothing', async () => {
    const result = await act(() =>
      form.save(() => {
        throw new Error('A note needs text');
      })
    );
    expect(result.ok ? undefined : outcomeText(result.outcome)).toBe('A note needs text');
    expect(screen.getByRole('alert').textContent).toBe('A note needs text');
    expect(h.applied).toEqual([]);
  });
});
