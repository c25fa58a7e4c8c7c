import { TextInput } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OTHER, replicaHarness, type ReplicaHarness } from '../testing/replica-harness';
import { DraftNotice } from './DraftNotice';
import { DraftStore, draftStoreOf } from './draft-store';
import { LeaveGuard } from './LeaveGuard';
import { useDraft } from './use-draft';

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
});
afterEach(() => h.stop());

/** A form of one text box that keeps its input as a draft; Save removes it (the change is queued). */
function NoteForm({ form = 'note:Task/t1' }: { form?: string }) {
  const draft = useDraft<string>(form);
  if (!draft.ready) return <p>Loading</p>;
  return <NoteFields key={draft.round} draft={draft} />;
}

function NoteFields({ draft }: { draft: ReturnType<typeof useDraft<string>> }) {
  const [text, setText] = useState(draft.restored ?? '');
  return (
    <>
      <LeaveGuard unsaved={draft.isUnsaved} />
      <DraftNotice draft={draft} />
      <TextInput
        label="Note"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          draft.keep(event.currentTarget.value);
        }}
      />
      <button onClick={() => void draft.remove().then(() => setText(''))}>Save</button>
    </>
  );
}

const storage = () => draftStoreOf(h.props.client.storage);

async function open(form?: string) {
  const result = h.render(<NoteForm form={form} />, '/screen');
  await screen.findByLabelText('Note');
  return result;
}

describe('drafts', () => {
  it('keep what is typed on the device and restore it when the form opens again, with Discard', async () => {
    const first = await open();
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Call the lab' } });
    // Leaving before the pause in typing still keeps the input.
    first.unmount();
    await open();
    expect(await screen.findByText('Draft restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveValue('Call the lab');

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveValue(''));
    expect(screen.queryByText('Draft restored')).not.toBeInTheDocument();
    await expect
      .poll(() => storage().read(DraftStore.key('Practitioner/me', 'note:Task/t1')))
      .toBeUndefined();
  });

  it('are written after a pause in typing, per user and per form', async () => {
    await open();
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Fasting' } });
    await expect
      .poll(() => storage().read(DraftStore.key('Practitioner/me', 'note:Task/t1')))
      .toBe('Fasting');
    expect(await storage().read(DraftStore.key(OTHER, 'note:Task/t1'))).toBeUndefined();
    expect(await storage().read(DraftStore.key('Practitioner/me', 'note:Task/t2'))).toBeUndefined();
  });

  it("do not show another user's draft of the same form", async () => {
    await storage().write(DraftStore.key(OTHER, 'note:Task/t1'), 'Not yours');
    await open();
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect(screen.queryByText('Draft restored')).not.toBeInTheDocument();
  });

  it('are removed once the save succeeds', async () => {
    const first = await open();
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Done' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveValue(''));
    first.unmount();
    await open();
    expect(screen.queryByText('Draft restored')).not.toBeInTheDocument();
    expect(await storage().read(DraftStore.key('Practitioner/me', 'note:Task/t1'))).toBeUndefined();
  });

  it('ask before leaving the page while input is unsaved; Stay keeps the page, Leave goes', async () => {
    const { router } = await open();
    await act(() => router.navigate({ to: '/Task' }));
    // Nothing typed: nothing asks.
    expect(router.state.location.pathname).toBe('/Task');
    await act(() => router.navigate({ href: '/screen' }));
    fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'Half a note' } });
    void router.navigate({ to: '/Task' });
    expect(await screen.findByText('Leave this page?')).toBeInTheDocument();
    expect(screen.getByText('Your unsaved changes are kept as a draft on this device.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText('Leave this page?')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/screen');

    void router.navigate({ to: '/Task' });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Task'));
    expect(await storage().read(DraftStore.key('Practitioner/me', 'note:Task/t1'))).toBe('Half a note');
  });

  it('ask the browser before the tab closes while input is unsaved', async () => {
    await open();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Unsent' } });
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});
