import type { Observation, Patient, Task } from '@medplum/fhirtypes';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outcomeText } from '@/sync/http/errors';
import { indexFormSchemas } from '../inputs/testing/form-schemas';
import { replicaHarness, taskFixture, type ReplicaHarness } from '../testing/replica-harness';
import { useResource } from '../hooks/use-resource';
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

describe('useSave checks what a change would produce before queueing it', () => {
  beforeAll(() => indexFormSchemas());
  const heartRate = (value: number): Observation => ({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
    valueQuantity: { value, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
  });

  it('refuses invalid FHIR with the issue under its field, queueing nothing', async () => {
    const bad = { ...patient, birthDate: '1980-13-45' };
    const result = await act(() => form.save({ change: createChange(bad) }));
    if (result.ok) throw new Error('queued');
    expect(result.outcome.issue?.[0]?.expression).toEqual(['Patient.birthDate']);
    expect(result.confirm).toBeUndefined();
    expect(h.applied).toEqual([]);
    expect(screen.getByRole('alert').textContent).not.toBe('');
  });

  it('judges an edit by the shown resource with its patch applied', async () => {
    const created = await act(() => form.save({ change: createChange(patient) }));
    if (!created.ok || !created.applied) throw new Error('not stored');
    const shown = { ...patient, id: created.applied.id };
    const result = await act(() =>
      form.save({ change: editChange(shown, { ...shown, birthDate: 'yesterday' }), shown })
    );
    if (result.ok) throw new Error('queued');
    expect(result.outcome.issue?.[0]?.expression?.[0]).toBe('Patient.birthDate');
    expect(h.applied).toHaveLength(1);
  });

  it('refuses an impossible value, and cannot be told to save it anyway', async () => {
    const result = await act(() => form.save({ change: createChange(heartRate(-5)), acceptWarnings: true }));
    expect(result).toMatchObject({ ok: false, outcome: { issue: [{ severity: 'error' }] } });
    expect(h.applied).toEqual([]);
  });

  it('asks to confirm an implausible value, and saves it once the warnings are accepted', async () => {
    const first = await act(() => form.save({ change: createChange(heartRate(300)) }));
    expect(first).toMatchObject({
      ok: false,
      confirm: true,
      outcome: { issue: [{ severity: 'warning', expression: ['Observation.valueQuantity.value'] }] },
    });
    expect(h.applied).toEqual([]);
    const second = await act(() => form.save({ change: createChange(heartRate(300)), acceptWarnings: true }));
    expect(second.ok).toBe(true);
    expect(h.applied).toHaveLength(1);
  });

  it('does not stop an edit over a problem the shown resource already had', async () => {
    const overdue: Task = {
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
      restriction: { period: { end: '2020-01-01T00:00:00.000Z' } },
    };
    const created = await act(() => form.save({ change: createChange(overdue), acceptWarnings: true }));
    if (!created.ok || !created.applied) throw new Error('not stored');
    const shown = { ...overdue, id: created.applied.id };
    const result = await act(() =>
      form.save({ change: editChange(shown, { ...shown, status: 'in-progress' }), shown })
    );
    expect(result.ok).toBe(true);
    expect(h.applied).toHaveLength(2);
  });
});

describe('useSave draws a click in one render', () => {
  /** What each render of a task's screen showed: whether its form was busy, and the task's status. */
  const frames: string[] = [];

  function TaskScreen({ id }: { id: string }) {
    const { save, submitting } = useSave({ awaitServer: false });
    const { resource } = useResource<Task>('Task', id);
    frames.push(`${submitting ? 'busy' : 'idle'} ${resource?.status ?? 'none'}`);
    if (!resource) return null;
    // As a task action asks: the change is built when the click saves it.
    const pause = () =>
      void save(() => ({
        change: editChange(resource, { ...resource, status: 'on-hold' }),
        shown: resource,
      }));
    return (
      <button type="button" onClick={pause}>
        Pause
      </button>
    );
  }

  it('a change made of values shows with the busy state, never the busy state over the old value', async () => {
    await h.hold(taskFixture('t1'));
    h.render(<TaskScreen id="t1" />);
    const pause = await screen.findByRole('button', { name: 'Pause' });
    frames.length = 0;
    act(() => fireEvent.click(pause));
    expect(frames[0]).toBe('busy on-hold');
    await waitFor(() => expect(frames.at(-1)).toBe('idle on-hold'));
    expect(frames).not.toContain('busy ready');
  });
});
