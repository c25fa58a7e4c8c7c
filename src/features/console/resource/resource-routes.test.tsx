import type { Bundle, Patient } from '@medplum/fhirtypes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_ID_SYSTEM } from '@/ui';
import { replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { renderConsole as renderConsoleOn, type ConsoleSetup } from '../testing/render-console';

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
});
afterEach(() => h.stop());

const renderConsole = (path: string, setup?: ConsoleSetup) => renderConsoleOn(h, path, setup);

const ana: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  name: [{ given: ['Ana'], family: 'Morales' }],
  birthDate: '1980-05-01',
};

interface PatientFields {
  /** Given names, space-separated. */
  given: string;
  family: string;
  birthDate?: string;
}

/** The form once its schema is known (the first read makes the fake server load the R4 definitions). */
const formReady = () => screen.findByRole('button', { name: 'OK' }, { timeout: 15_000 });

/** Fills the form's first name and birth date and presses OK. */
async function submitFields(fields: PatientFields): Promise<void> {
  await formReady();
  if (!screen.queryByLabelText('Family'))
    await userEvent.click(screen.getByRole('button', { name: 'Add Name' }));
  fireEvent.change(screen.getByLabelText('Family'), { target: { value: fields.family } });
  if (!screen.queryByRole('textbox', { name: 'Given' })) {
    await userEvent.click(screen.getByRole('button', { name: 'Add Given' }));
  }
  fireEvent.change(screen.getByRole('textbox', { name: 'Given' }), { target: { value: fields.given } });
  if (fields.birthDate) {
    fireEvent.change(screen.getByLabelText('Birth Date'), { target: { value: fields.birthDate } });
  }
  await userEvent.click(screen.getByRole('button', { name: 'OK' }));
}

const path = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname;

/** Whether the text shows on the page other than in its heading (in the resource's details). */
const shownInDetails = (text: string): boolean =>
  screen.queryAllByText(text).some((element) => element.tagName !== 'H1');

describe('the resource routes', () => {
  it('/{type}/new creates through the outbox with the device identifier, once, and follows the server id', async () => {
    const { router } = await renderConsole('/Patient/new', { heldTypes: ['Patient'] });
    expect(await screen.findByLabelText('Resource Type')).toHaveValue('Patient');
    expect(screen.getByLabelText('Resource Type')).toBeDisabled();
    await submitFields({ given: 'Ivo', family: 'Novak' });
    // The first schema read makes the fake server load the R4 definitions, which takes a while.
    await expect.poll(() => path(router), { timeout: 15_000 }).toMatch(/^\/Patient\/[^/]+\/details$/);
    await waitFor(() => expect(shownInDetails('Ivo Novak')).toBe(true), { timeout: 15_000 });
    expect(h.applied).toMatchObject([{ kind: 'create', resourceType: 'Patient', label: 'Create Patient' }]);

    await h.syncNow();
    const onServer = (await h.other.searchAll('Patient', { family: 'Novak' })) as Patient[];
    expect(onServer).toHaveLength(1);
    expect(onServer[0]?.identifier).toEqual([{ system: CLIENT_ID_SYSTEM, value: expect.any(String) }]);
    await expect.poll(() => path(router)).toBe(`/Patient/${onServer[0]?.id ?? ''}/details`);
    // The page is named after the patient, in its heading and its details.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ivo Novak' })).toBeInTheDocument();
    expect(shownInDetails('Ivo Novak')).toBe(true);
    // Another run sends nothing again: the create landed once.
    await h.syncNow();
    expect(await h.other.searchAll('Patient', { family: 'Novak' })).toHaveLength(1);
  });

  it('/{type}/{id}/edit shows the identity disabled and queues a version-tested patch of what changed', async () => {
    await h.hold(ana);
    const version = (await h.record('Patient', 'p1'))?.server?.meta?.versionId;
    const { router } = await renderConsole('/Patient/p1/edit');
    expect(await screen.findByLabelText('ID')).toHaveValue('p1');
    expect(screen.getByLabelText('ID')).toBeDisabled();
    await submitFields({ given: 'Ana', family: 'Ruiz', birthDate: '1980-06-01' });
    await expect.poll(() => path(router)).toBe('/Patient/p1/details');
    await waitFor(() => expect(shownInDetails('Ana Ruiz')).toBe(true));
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Ruiz' })).toBeInTheDocument();
    expect(h.applied).toEqual([
      expect.objectContaining({
        kind: 'patch',
        label: 'Edit Patient',
        baseVersionId: version,
        operations: [
          { op: 'replace', path: '/birthDate', value: '1980-06-01' },
          { op: 'replace', path: '/name/0/family', value: 'Ruiz' },
        ],
      }),
    ]);
    await h.syncNow();
    const onServer = await h.other.read<Patient>('Patient', 'p1', { noCache: true });
    expect(onServer.name?.[0]?.family).toBe('Ruiz');
    expect(onServer.birthDate).toBe('1980-06-01');
  });

  it('an edit of a version another user changed meanwhile is a conflict: mine again lands, with the differences listed', async () => {
    await h.hold(ana);
    await renderConsole('/Patient/p1/edit');
    await formReady();
    const theirs = await h.other.read<Patient>('Patient', 'p1', { noCache: true });
    await h.other.update({ ...theirs, name: [{ given: ['Ana'], family: 'Other' }] });
    await submitFields({ given: 'Ana', family: 'Mine', birthDate: '1980-05-01' });
    await h.syncNow();
    const conflict = await screen.findByRole('region', { name: 'Conflict: Edit Patient' });
    expect(within(conflict).getByText('Another user modified this Patient.')).toBeInTheDocument();
    expect(within(conflict).getByRole('table')).toHaveTextContent('nameAna MineAna Other');
    await userEvent.click(within(conflict).getByRole('button', { name: 'Apply mine again' }));
    // The choice is confirmed once the panel has said what else it discards.
    const confirm = within(conflict).getByRole('group', { name: 'Confirm: Apply mine again' });
    await within(confirm).findByText('Nothing else is discarded.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Apply mine again' }));
    await h.syncNow();
    const onServer = await h.other.read<Patient>('Patient', 'p1', { noCache: true });
    expect(onServer.name?.[0]?.family).toBe('Mine');
  });

  it('an online edit the server refuses keeps the form open, the input intact, with the server’s words', async () => {
    await h.holdWithoutOnServer(ana, 'name');
    const { router } = await renderConsole('/Patient/p1/edit');
    await submitFields({ given: 'Ana', family: 'Ruiz', birthDate: '1980-05-01' });
    expect((await screen.findAllByText(/Invalid JSON Patch/)).length).toBeGreaterThan(0);
    expect(path(router)).toBe('/Patient/p1/edit');
    expect(screen.getByRole('textbox', { name: 'Family' })).toHaveValue('Ruiz');
    const failure = await screen.findByRole('region', { name: 'Failed: Edit Patient' });
    expect(within(failure).getByText(/Invalid JSON Patch/)).toBeInTheDocument();
  });

  it('/{type}/{id}/delete asks, queues the delete and goes back to the list', async () => {
    await h.hold(ana);
    const { router } = await renderConsole('/Patient/p1/details', { heldTypes: ['Patient'] });
    await userEvent.click(await screen.findByRole('link', { name: 'Delete' }));
    expect(path(router)).toBe('/Patient/p1/delete');
    expect(await screen.findByText('Are you sure you want to delete this Patient?')).toBeInTheDocument();
    expect(h.applied).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect.poll(() => path(router)).toBe('/Patient');
    expect(h.applied).toMatchObject([{ kind: 'delete', resourceType: 'Patient', id: 'p1' }]);
    await h.syncNow();
    await expect(h.other.read('Patient', 'p1', { noCache: true })).rejects.toThrow();
  });

  it('edits a resource the replica did not hold: it is fetched, kept, and changed through the outbox', async () => {
    await h.serve(ana);
    const { router } = await renderConsole('/Patient/p1/edit');
    await formReady();
    await expect.poll(() => h.record('Patient', 'p1')).toBeDefined();
    await submitFields({ given: 'Ana', family: 'Kept', birthDate: '1980-05-01' });
    await expect.poll(() => path(router)).toBe('/Patient/p1/details');
    await h.syncNow();
    expect((await h.other.read<Patient>('Patient', 'p1', { noCache: true })).name?.[0]?.family).toBe('Kept');
  });

  it('the list’s New button opens the form; the history’s Diff shows exactly the fields a version changed', async () => {
    const versions: Bundle = {
      resourceType: 'Bundle',
      type: 'history',
      entry: [
        {
          resource: {
            ...ana,
            name: [{ given: ['Ana'], family: 'Ruiz' }],
            telecom: [{ system: 'phone', value: '555-0101' }],
            meta: { versionId: '2', lastUpdated: '2024-03-02T10:00:00Z', author: { display: 'Bob Jones' } },
          },
        },
        {
          resource: {
            ...ana,
            meta: { versionId: '1', lastUpdated: '2024-03-01T10:00:00Z', author: { display: 'Alice Smith' } },
          },
        },
      ],
    };
    await h.hold(ana);
    const { router } = await renderConsole('/Patient', {
      heldTypes: ['Patient'],
      server: (url) => (url.startsWith('Patient/p1/_history?') ? versions : undefined),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New...' }));
    expect(path(router)).toBe('/Patient/new');
    await router.navigate({ to: '/Patient/p1/history' } as never);
    await userEvent.click(await screen.findByRole('link', { name: 'Diff: changes in version 2' }));
    expect(path(router)).toBe('/Patient/p1/_history/2/diff');
    const table = await screen.findByRole('table', { name: 'Differences' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))
    ).toEqual([
      ['name[0].family', 'Morales', 'Ruiz'],
      ['telecom[0].system', '', 'phone'],
      ['telecom[0].value', '', '555-0101'],
    ]);
  });
});
