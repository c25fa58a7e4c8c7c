import type { Task } from '@medplum/fhirtypes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { signInByApi, type ApiSession } from '@tests/fixtures/api-sign-in';
import type { LocalChange } from '@/sync';
import { taskChanges } from '@/sync/engine/testing/task-changes';
import { renderApp, type RenderedApp } from './testing/render-app';

const { server, baseUrl } = createNodeFakeServer();
const apps: RenderedApp[] = [];

// Each test signs the whole app in against the fake server in this one thread: the first sync, the
// queue patients' clinical lists and several sync runs take 10–20 s on a shared 2-core machine.
vi.setConfig({ testTimeout: 45_000 });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const app of apps.splice(0)) app.sync.stop();
  server.resetHandlers();
});
afterAll(() => server.close());

/** The app signed in as `email` through its own client, on /Task, after the first sync. */
async function signedInApp(email: string): Promise<RenderedApp> {
  const app = await renderApp(baseUrl, '/');
  apps.push(app);
  const answer = await app.services.client.signIn.login({ email, password: 'password' });
  await act(async () => {
    await app.services.client.signIn.complete(answer.code ?? '');
    await app.history.push('/Task');
  });
  await waitFor(async () => expect((await app.sync.status()).lastSyncedAt).toBeDefined(), {
    timeout: 15_000,
  });
  return app;
}

/** Every request to the server fails as if the network were down. */
function goOffline(): void {
  server.use(http.all(`${baseUrl}*`, () => HttpResponse.error()));
}

function goOnline(): void {
  server.resetHandlers();
}

async function unownedOpenTask(session: ApiSession, offset = 0): Promise<Task> {
  const response = await session.fetch(
    `fhir/R4/Task?owner:missing=true&status=ready&_sort=_id&_count=1&_offset=${offset}`
  );
  const bundle = (await response.json()) as { entry?: { resource: Task }[] };
  const task = bundle.entry?.[0]?.resource;
  if (!task) throw new Error('No unowned ready task in the seed');
  return task;
}

async function serverTask(session: ApiSession, id: string): Promise<Task> {
  return (await (await session.fetch(`fhir/R4/Task/${id}`)).json()) as Task;
}

function pause(task: Task): LocalChange {
  return taskChanges.status(task, 'on-hold', 'Pause Task');
}

async function openUserMenuAndSignOut(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.click(screen.getByRole('button', { name: /^User menu/ }));
  // Once a dialog has opened and closed, jsdom leaves the menu's opening transition unfinished
  // (display: none), so the item is clicked without the visibility check.
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
}

const header = () => screen.getByRole('status', { name: 'Sync status' });

describe('sync status in the header', () => {
  it("shows 'Online', then 'Offline' with the change waiting and the red notice, then the change lands", async () => {
    const app = await signedInApp('doctor@example.com');
    const nurse = await signInByApi(baseUrl, 'nurse@example.com');
    const task = await unownedOpenTask(nurse, 0);
    expect(within(header()).getByText('Online')).toBeInTheDocument();

    goOffline();
    await act(async () => {
      await app.sync.applyChange(pause(task));
    });
    expect(await within(header()).findByText('Offline')).toBeInTheDocument();
    expect(await within(header()).findByText('1 change waiting to sync')).toBeInTheDocument();
    expect(await screen.findByText('No connection to server')).toBeInTheDocument();

    goOnline();
    await act(async () => {
      await app.sync.syncNow();
    });
    expect(await within(header()).findByText('Online')).toBeInTheDocument();
    await waitFor(() => expect(within(header()).queryByText(/waiting to sync/)).not.toBeInTheDocument());
    expect((await serverTask(nurse, task.id ?? '')).status).toBe('on-hold');
  });
});

describe('coming back to the app', () => {
  it("pulls a colleague's change when the window regains focus, without waiting for the timer", async () => {
    const app = await signedInApp('doctor@example.com');
    const nurse = await signInByApi(baseUrl, 'nurse@example.com');
    const task = await unownedOpenTask(nurse, 2);
    const before = (await app.sync.status()).lastSyncedAt;
    const response = await nurse.fetch(`fhir/R4/Task/${task.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'add', path: '/businessStatus', value: { text: 'Seen on the ward' } }]),
    });
    expect(response.status).toBe(200);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(async () => expect((await app.sync.status()).lastSyncedAt).not.toBe(before), {
      timeout: 10_000,
    });
    const seen = await app.services.replica.reader.record(`Task/${task.id}`);
    expect((seen?.resource as Task | undefined)?.businessStatus?.text).toBe('Seen on the ward');
  });
});

describe('conflicts panel', () => {
  /** The doctor pauses a task the nurse has just put in progress: a conflict for the doctor. */
  async function conflictOnATask(offset: number) {
    const app = await signedInApp('doctor@example.com');
    const nurse = await signInByApi(baseUrl, 'nurse@example.com');
    const task = await unownedOpenTask(nurse, offset);
    const patched = await nurse.fetch(`fhir/R4/Task/${task.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'replace', path: '/status', value: 'in-progress' }]),
    });
    expect(patched.ok).toBe(true);
    await act(async () => {
      await app.sync.applyChange(pause(task));
      await app.sync.syncNow();
    });
    const user = userEvent.setup();
    await user.click(await within(header()).findByRole('button', { name: '1 conflict' }));
    const conflict = await screen.findByRole('region', { name: 'Conflict: Pause Task' });
    return { app, nurse, task, user, conflict };
  }

  it("lists the conflict with mine and theirs; 'Apply mine again' puts my change on the server", async () => {
    const { nurse, task, user, conflict } = await conflictOnATask(1);
    expect(within(conflict).getByText('Another user modified the task.')).toBeInTheDocument();
    const statusRow = within(conflict).getByRole('row', { name: /status/ });
    expect(statusRow).toHaveTextContent('on-hold');
    expect(statusRow).toHaveTextContent('in-progress');

    await user.click(within(conflict).getByRole('button', { name: 'Apply mine again' }));
    // The confirmation names what else the choice discards before anything is dropped.
    const confirmApplymineagain = await within(conflict).findByRole('group', {
      name: 'Confirm: Apply mine again',
    });
    await user.click(within(confirmApplymineagain).getByRole('button', { name: 'Apply mine again' }));
    await waitFor(async () => expect((await serverTask(nurse, task.id ?? '')).status).toBe('on-hold'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Conflict: Pause Task' })).not.toBeInTheDocument()
    );
  });

  it("'Keep theirs' drops my change: the server and the replica keep the other user's", async () => {
    const { app, nurse, task, user, conflict } = await conflictOnATask(2);
    await user.click(within(conflict).getByRole('button', { name: 'Keep theirs' }));
    // The confirmation names what else the choice discards before anything is dropped.
    const confirmKeeptheirs = await within(conflict).findByRole('group', { name: 'Confirm: Keep theirs' });
    await user.click(within(confirmKeeptheirs).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Conflict: Pause Task' })).not.toBeInTheDocument()
    );
    await act(async () => {
      await app.sync.syncNow();
    });
    expect((await serverTask(nurse, task.id ?? '')).status).toBe('in-progress');
    const record = await app.services.replica.reader.record(`Task/${task.id}`);
    expect((record?.resource as Task).status).toBe('in-progress');
    expect(record?.pending).toBe(0);
    expect(within(header()).queryByRole('button', { name: /conflict/ })).not.toBeInTheDocument();
  });

  it("shows a change the server refused with its words; 'Dismiss' forgets it, 'Retry' sends it again", async () => {
    const app = await signedInApp('doctor@example.com');
    const nurse = await signInByApi(baseUrl, 'nurse@example.com');
    const [first, second] = [await unownedOpenTask(nurse, 3), await unownedOpenTask(nurse, 4)];
    const forbidden = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'forbidden', diagnostics: 'Forbidden by policy' }],
    };
    server.use(
      http.patch(`${baseUrl}fhir/R4/Task/:id`, () => HttpResponse.json(forbidden, { status: 403 })),
      // The two changes travel in one batch Bundle: each of its patches is refused the same way.
      http.post(`${baseUrl}fhir/R4/`, async ({ request }) => {
        const bundle = (await request.clone().json()) as { entry?: { request?: { method?: string } }[] };
        if (!bundle.entry?.some((entry) => entry.request?.method === 'PATCH')) return undefined;
        const entry = bundle.entry.map(() => ({ response: { status: '403', outcome: forbidden } }));
        return HttpResponse.json({ resourceType: 'Bundle', type: 'batch-response', entry });
      })
    );
    await act(async () => {
      await app.sync.applyChange(pause(first));
      await app.sync.applyChange({ ...pause(second), label: 'Complete Task' });
      await app.sync.syncNow();
    });
    const user = userEvent.setup();
    await user.click(await within(header()).findByRole('button', { name: '2 failed' }));
    const failed = await screen.findByRole('region', { name: 'Failed: Pause Task' });
    expect(within(failed).getByText(/Forbidden by policy/)).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'Dismiss' }));
    // The confirmation names what else the choice discards before anything is dropped.
    const confirmDismiss = await within(failed).findByRole('group', { name: 'Confirm: Dismiss' });
    await user.click(within(confirmDismiss).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Failed: Pause Task' })).not.toBeInTheDocument()
    );
    expect(((await app.services.replica.reader.record(`Task/${first.id}`))?.resource as Task).status).toBe(
      'ready'
    );

    server.resetHandlers();
    await user.click(
      within(screen.getByRole('region', { name: 'Failed: Complete Task' })).getByRole('button', {
        name: 'Retry',
      })
    );
    // The retry is pushed by the next run, after the task list (now searched in jsdom too) re-renders.
    await waitFor(async () => expect((await serverTask(nurse, second.id ?? '')).status).toBe('on-hold'), {
      timeout: 10_000,
    });
  });
});

describe('sign-out', () => {
  it('warns before throwing away unsynced changes; Cancel keeps them, Sign out anyway wipes the replica', async () => {
    const app = await signedInApp('doctor@example.com');
    const nurse = await signInByApi(baseUrl, 'nurse@example.com');
    const task = await unownedOpenTask(nurse, 5);
    goOffline();
    await act(async () => {
      await app.sync.applyChange(pause(task));
    });
    await within(header()).findByText('1 change waiting to sync');

    const user = userEvent.setup();
    await openUserMenuAndSignOut(user);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog).toHaveTextContent('1 change has not reached the server. Sign out and lose it?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign out?' })).not.toBeInTheDocument());
    expect(app.services.client.session.getState().status).toBe('ready');
    expect(await app.services.replica.reader.outbox()).toHaveLength(1);

    await openUserMenuAndSignOut(user);
    await user.click(await screen.findByRole('button', { name: 'Sign out anyway' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to CareQueue' })).toBeInTheDocument();
    expect(app.services.client.session.getState().status).toBe('none');
    expect(await app.services.replica.reader.outbox()).toHaveLength(0);
    expect(await app.services.replica.reader.record(`Task/${task.id}`)).toBeUndefined();
    expect(await app.services.replica.storage.get('activeLogin')).toBeNull();
    expect((await app.sync.status()).signedIn).toBe(false);
  });

  it('signs out at once when every change reached the server', async () => {
    const app = await signedInApp('nurse@example.com');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to CareQueue' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sign out?' })).not.toBeInTheDocument();
    expect(app.services.client.session.getState().status).toBe('none');
  });
});
