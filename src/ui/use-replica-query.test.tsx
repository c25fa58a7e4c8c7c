import type { Patient } from '@medplum/fhirtypes';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replicaHarness, type ReplicaHarness } from './testing/replica-harness';
import { useReplicaQuery } from './use-replica-query';

const patient = (id: string, family: string): Patient => ({
  resourceType: 'Patient',
  id,
  name: [{ given: ['Test'], family }],
});

/** The held patients' family names, read under a name. */
function Families() {
  const families = useReplicaQuery(
    async (reader) =>
      (await reader.recordsOfType('Patient'))
        .map((record) => (record.resource as Patient).name?.[0]?.family ?? '')
        .sort()
        .join(', '),
    [],
    { remember: 'families' }
  );
  return <p>{families === undefined ? 'Loading' : `Families: ${families}`}</p>;
}

/** A screen the user leaves and comes back to, under the same provider (as in the app). */
function Toggle() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setShown(!shown)}>{shown ? 'Leave' : 'Come back'}</button>
      {shown && <Families />}
    </>
  );
}

/** Clicks synchronously: what the screen draws before any read can answer is on the page after it. */
const click = (name: string) => act(() => void fireEvent.click(screen.getByRole('button', { name })));

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
  await h.hold(patient('p1', 'Abbott'));
});
afterEach(() => h.stop());

describe('useReplicaQuery with a remembered answer', () => {
  it('draws the last answer at once when its screen comes back, then what the replica holds now', async () => {
    h.render(<Toggle />);
    expect(await screen.findByText('Families: Abbott')).toBeTruthy();
    click('Leave');
    await h.hold(patient('p2', 'Baker'));

    click('Come back');
    // The first drawing, before any read has answered: the last answer, not 'Loading'.
    expect(screen.getByText('Families: Abbott')).toBeTruthy();
    expect(await screen.findByText('Families: Abbott, Baker')).toBeTruthy();
  });

  it('forgets the answers when the session ends, so the next account never sees them', async () => {
    h.render(<Toggle />);
    expect(await screen.findByText('Families: Abbott')).toBeTruthy();
    click('Leave');
    await act(() => h.props.client.session.clear());

    click('Come back');
    expect(screen.getByText('Loading')).toBeTruthy();
  });
});
