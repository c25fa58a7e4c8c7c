import type {
  Binary,
  Bundle,
  Communication,
  DiagnosticReport,
  Media,
  Patient,
  Practitioner,
} from '@medplum/fhirtypes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '@/ui/testing/replica-harness';
import { consoleTestHarness } from '../testing/render-console';

const report: DiagnosticReport = {
  resourceType: 'DiagnosticReport',
  id: 'r1',
  status: 'final',
  code: { text: 'Lipid panel' },
  issued: '2024-03-02T09:30:00Z',
};

const comment = (
  id: string,
  text: string,
  sent: string,
  priority: Communication['priority']
): Communication => ({
  resourceType: 'Communication',
  id,
  status: 'completed',
  priority,
  basedOn: [{ reference: 'DiagnosticReport/r1' }],
  sender: { reference: ME, display: 'Alice Smith' },
  sent,
  payload: [{ contentString: text }],
});

const ctx = consoleTestHarness();

/** The cards of the timeline, top to bottom, by what they say. */
function cards(): HTMLElement[] {
  return screen.getAllByLabelText(/timeline item$/i);
}

function cardWith(text: string): HTMLElement {
  const card = cards().find((element) => element.textContent?.includes(text));
  if (!card) throw new Error(`No card says ${text}`);
  return card;
}

async function serverComments(): Promise<Communication[]> {
  const bundle: Bundle = await ctx.h.other.search('Communication', 'based-on=DiagnosticReport/r1', {
    noCache: true,
  });
  return (bundle.entry ?? []).map((entry) => entry.resource as Communication);
}

async function openTimeline(): Promise<void> {
  await ctx.renderConsole('/DiagnosticReport/r1/timeline', {
    held: [report],
    heldTypes: ['DiagnosticReport', 'Task'],
  });
  await screen.findByRole('button', { name: 'Comment' });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the timeline tab', () => {
  it('lists pinned comments first, then the rest newest first, pinned ones marked', async () => {
    await ctx.h.serve(
      comment('old-pinned', 'Call the lab first', '2024-01-01T10:00:00Z', 'stat'),
      comment('newer', 'Results look fine', '2024-03-05T10:00:00Z', 'routine'),
      comment('older', 'Waiting for results', '2024-03-01T10:00:00Z', 'routine'),
      comment('urgent', 'Repeat the test', '2024-02-01T10:00:00Z', 'urgent')
    );
    await openTimeline();
    await screen.findByText('Waiting for results');
    const texts = cards().map((card) => card.textContent ?? '');
    const order = ['Call the lab first', 'Repeat the test', 'Results look fine', 'Waiting for results'].map(
      (text) => texts.findIndex((card) => card.includes(text))
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(cardWith('Call the lab first')).toHaveAccessibleName('Pinned timeline item');
    expect(within(cardWith('Call the lab first')).getByText('Pinned')).toBeInTheDocument();
    expect(cardWith('Results look fine')).toHaveAccessibleName('Timeline item');
  });

  it('a comment is shown at once, lands on the server once, and Pin puts it first', async () => {
    await ctx.h.serve(comment('older', 'Waiting for results', '2024-03-01T10:00:00Z', 'stat'));
    await openTimeline();
    await screen.findByText('Waiting for results');
    await userEvent.type(screen.getByLabelText('Comment'), 'Patient informed');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));

    await waitFor(() => cardWith('Patient informed'));
    // The box keeps the text until the server has the comment (or it is kept on this device).
    await waitFor(() => expect(screen.getByLabelText('Comment')).toHaveValue(''));
    // Below the pinned one until it is pinned itself.
    expect(cards().indexOf(cardWith('Patient informed'))).toBeGreaterThan(
      cards().indexOf(cardWith('Waiting for results'))
    );

    await ctx.h.syncNow();
    await waitFor(() =>
      expect(within(cardWith('Patient informed')).queryByText('Waiting to sync')).toBeNull()
    );
    const landed = (await serverComments()).filter(
      (c) => c.payload?.[0]?.contentString === 'Patient informed'
    );
    expect(landed).toHaveLength(1);
    expect(landed[0]).toMatchObject({
      status: 'completed',
      priority: 'routine',
      sender: { reference: ME },
      basedOn: [{ reference: 'DiagnosticReport/r1' }],
    });

    // Unpin the old one, pin the new one: the new one goes first, marked.
    await userEvent.click(within(cardWith('Waiting for results')).getByRole('button', { name: 'Actions' }));
    expect(screen.getByText('Danger zone')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unpin' }));
    await waitFor(() => expect(cardWith('Waiting for results')).toHaveAccessibleName('Timeline item'));
    await userEvent.click(within(cardWith('Patient informed')).getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Pin' }));
    // The order and the mark come with the replica's next answer, drawn right after the click.
    await waitFor(() => {
      expect(cards()[0]).toHaveTextContent('Patient informed');
      expect(cards()[0]).toHaveAccessibleName('Pinned timeline item');
    });

    await ctx.h.syncNow();
    const after = await serverComments();
    expect(after.find((c) => c.payload?.[0]?.contentString === 'Patient informed')?.priority).toBe('stat');
    expect(after.find((c) => c.id === 'older')?.priority).toBe('routine');
  });

  it('a comment made offline waits, and lands once when the device is back online', async () => {
    await openTimeline();
    ctx.h.setOnline(false);
    await userEvent.type(screen.getByLabelText('Comment'), 'Written in the lift');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(
      within(await waitFor(() => cardWith('Written in the lift'))).getByText('Waiting to sync')
    ).toBeInTheDocument();
    // Kept on this device is not sent: the box does not say it is.
    await waitFor(() => expect(screen.getByLabelText('Comment')).toHaveValue(''));
    expect(screen.queryByText('Comment sent')).toBeNull();
    await ctx.h.syncNow();
    expect(within(cardWith('Written in the lift')).getByText('Waiting to sync')).toBeInTheDocument();

    ctx.h.setOnline(true);
    await ctx.h.syncNow();
    await ctx.h.syncNow();
    await waitFor(() =>
      expect(within(cardWith('Written in the lift')).queryByText('Waiting to sync')).toBeNull()
    );
    expect(
      (await serverComments()).filter((c) => c.payload?.[0]?.contentString === 'Written in the lift')
    ).toHaveLength(1);
  });

  it('a file chosen offline waits in a Media card, then is uploaded as a Binary the completed Media points to', async () => {
    await openTimeline();
    ctx.h.setOnline(false);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['heart rate log'], 'log.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file] } });
    const card = await waitFor(() => cardWith('log.txt'));
    expect(within(card).getByText('Media')).toBeInTheDocument();
    expect(within(card).getByText('Waiting to sync')).toBeInTheDocument();

    await ctx.h.syncNow();
    expect(within(cardWith('log.txt')).getByText('Waiting to sync')).toBeInTheDocument();

    ctx.h.setOnline(true);
    await ctx.h.syncNow();
    await ctx.h.syncNow();
    await waitFor(() => expect(within(cardWith('log.txt')).queryByText('Waiting to sync')).toBeNull());
    expect(within(cardWith('log.txt')).getByText('text/plain · completed')).toBeInTheDocument();
    const found: Bundle = await ctx.h.other.search('Media', '_count=10', { noCache: true });
    const media = found.entry?.map((entry) => entry.resource as Media) ?? [];
    expect(media).toHaveLength(1);
    expect(media[0]).toMatchObject({
      status: 'completed',
      partOf: [{ reference: 'DiagnosticReport/r1' }],
      operator: { reference: ME },
      content: { contentType: 'text/plain', title: 'log.txt' },
    });
    expect(media[0]?.content.data).toBeUndefined();
    const binaryId = /Binary\/([^/]+)$/.exec(media[0]?.content.url ?? '')?.[1] ?? '';
    const binary = await ctx.h.other.read<Binary>('Binary', binaryId, { noCache: true });
    expect(atob(binary.data ?? '')).toBe('heart rate log');
    expect(within(cardWith('log.txt')).getByRole('link', { name: 'log.txt' })).toHaveAttribute(
      'href',
      media[0]?.content.url
    );
  });

  it('a comment the server has is confirmed and brought into view', async () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out: the test records which card was asked to come into view.
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    await ctx.h.serve(comment('older', 'Waiting for results', '2024-03-01T10:00:00Z', 'routine'));
    await openTimeline();
    await screen.findByText('Waiting for results');
    await userEvent.type(screen.getByLabelText('Comment'), 'Lab called back');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Comment sent')).toBeInTheDocument();
    expect(
      (await serverComments()).filter((c) => c.payload?.[0]?.contentString === 'Lab called back')
    ).toHaveLength(1);
    await waitFor(() => expect(scrolled.some((text) => text.includes('Lab called back'))).toBe(true));
    expect(scrolled.some((text) => text.includes('Waiting for results'))).toBe(false);
    // Typing again takes the confirmation away: it is about the comment sent, not the next one.
    await userEvent.type(screen.getByLabelText('Comment'), 'More');
    expect(screen.queryByText('Comment sent')).toBeNull();
  });

  it('a message thread shows its topic and how many replies it has, and people by name', async () => {
    const patient: Patient = {
      resourceType: 'Patient',
      id: 'p1',
      name: [{ given: ['Maria'], family: 'Gonzalez' }],
    };
    const nurse: Practitioner = {
      resourceType: 'Practitioner',
      id: 'pr-bob',
      name: [{ given: ['Bob'], family: 'Jones' }],
    };
    const thread: Communication = {
      resourceType: 'Communication',
      id: 't1',
      status: 'in-progress',
      subject: { reference: 'Patient/p1' },
      topic: { text: 'Prescription Refill' },
      recipient: [{ reference: 'Patient/p1' }, { reference: 'Practitioner/pr-bob' }],
    };
    const message = (id: string, text: string, sender: string, sent: string): Communication => ({
      resourceType: 'Communication',
      id,
      status: 'in-progress',
      partOf: [{ reference: 'Communication/t1' }],
      subject: { reference: 'Patient/p1' },
      sender: { reference: sender },
      payload: [{ contentString: text }],
      sent,
    });
    // The practitioner is on the server only: the device has never read it.
    await ctx.h.serve(
      nurse,
      thread,
      message('m1', 'Can I get a refill?', 'Patient/p1', '2024-03-01T10:00:00Z'),
      message('m2', 'Sent to your pharmacy', 'Practitioner/pr-bob', '2024-03-01T11:00:00Z')
    );
    await ctx.renderConsole('/Patient/p1/timeline', { held: [patient], heldTypes: ['Patient', 'Task'] });
    const threadCard = await waitFor(() => cardWith('Prescription Refill'));
    expect(within(threadCard).getByText('Thread')).toBeInTheDocument();
    expect(within(threadCard).getByRole('link', { name: '2 replies' })).toHaveAttribute(
      'href',
      '/Communication/t1/timeline'
    );
    await waitFor(() =>
      expect(within(cardWith('Sent to your pharmacy')).getByText('Bob Jones')).toBeInTheDocument()
    );
    expect(within(cardWith('Can I get a refill?')).getByText('Maria Gonzalez')).toBeInTheDocument();
    expect(screen.queryByText('Practitioner/pr-bob')).toBeNull();
    await waitFor(() =>
      expect(within(cardWith('Prescription Refill')).getByText(/With .*Bob Jones/)).toBeInTheDocument()
    );
  });

  it('editing a comment from its card comes back to the timeline, with the edit shown', async () => {
    await ctx.h.serve(comment('c1', 'Lab called', '2024-03-01T10:00:00Z', 'routine'));
    const { router } = await ctx.renderConsole('/DiagnosticReport/r1/timeline', {
      held: [report],
      heldTypes: ['DiagnosticReport', 'Task'],
    });
    await screen.findByText('Lab called');
    await userEvent.click(within(cardWith('Lab called')).getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Communication/c1/edit'));
    const text = await screen.findByDisplayValue('Lab called', undefined, { timeout: 15_000 });
    await userEvent.type(text, ' twice');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/DiagnosticReport/r1/timeline'));
    expect(await screen.findByText('Lab called twice')).toBeInTheDocument();
  });

  it('deleting a comment from its card comes back to the timeline', async () => {
    await ctx.h.serve(comment('c1', 'Wrong patient, ignore', '2024-03-01T10:00:00Z', 'routine'));
    const { router } = await ctx.renderConsole('/DiagnosticReport/r1/timeline', {
      held: [report],
      heldTypes: ['DiagnosticReport', 'Task'],
    });
    await screen.findByText('Wrong patient, ignore');
    await userEvent.click(within(cardWith('Wrong patient, ignore')).getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await screen.findByText('Are you sure you want to delete this Communication?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/DiagnosticReport/r1/timeline'));
    await screen.findByRole('button', { name: 'Comment' });
    expect(screen.queryByText('Wrong patient, ignore')).toBeNull();
  });
});
