import type { Patient } from '@medplum/fhirtypes';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replicaHarness, type ReplicaHarness } from '../testing/replica-harness';
import { useServerRead } from './use-server';

/** A page drawn from a server read, with a field the user types into. */
function PatientForm({ id }: { id: string }) {
  const read = useServerRead(`Patient/${id}`, (fhir) => fhir.read('Patient', id));
  const [note, setNote] = useState('');
  if (read.status !== 'ready') return <p>{read.status}</p>;
  return (
    <form>
      <h1>{(read.data as Patient).name?.[0]?.family}</h1>
      <input aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
    </form>
  );
}

/** The browser's connection as the page sees it: navigator.onLine and the window's event. */
function browserGoes(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    h.setOnline(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
});
afterEach(() => {
  vi.restoreAllMocks();
  h.stop();
});

describe('useServerRead', () => {
  it('keeps what it read on screen when the connection drops, and the input typed into it', async () => {
    await h.serve({ resourceType: 'Patient', id: 'p1', name: [{ family: 'Byron' }] });
    h.render(<PatientForm id="p1" />);
    expect(await screen.findByRole('heading', { name: 'Byron' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Allergic to latex');

    browserGoes(false);

    expect(screen.getByRole('heading', { name: 'Byron' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Allergic to latex');
    expect(screen.queryByText('offline')).not.toBeInTheDocument();
  });

  it('says offline for a read it has no answer to, and reads once the connection is back', async () => {
    await h.serve({ resourceType: 'Patient', id: 'p2', name: [{ family: 'Lovelace' }] });
    browserGoes(false);
    h.render(<PatientForm id="p2" />);
    expect(await screen.findByText('offline')).toBeInTheDocument();

    browserGoes(true);

    expect(await screen.findByRole('heading', { name: 'Lovelace' })).toBeInTheDocument();
  });
});
