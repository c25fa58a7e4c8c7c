import type { Bundle, Patient } from '@medplum/fhirtypes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleTestHarness } from '../testing/render-console';

const patient = (id: string, family: string, updated: string, birthDate = '1970-06-03'): Patient => ({
  resourceType: 'Patient',
  id,
  meta: { lastUpdated: updated, versionId: '1' },
  name: [{ given: ['Ana'], family }],
  birthDate,
  gender: 'female',
});

/** 25 patients, the newest last in id order, so '-_lastUpdated' reverses them. */
const patients = Array.from({ length: 25 }, (_, i) =>
  patient(
    `p${String(i).padStart(2, '0')}`,
    `Family${i}`,
    `2024-01-01T00:00:${String(i).padStart(2, '0')}Z`,
    `19${String(50 + i)}-06-03`
  )
);

const rowIds = (): (string | null)[] =>
  within(screen.getByRole('table', { name: 'Patient list' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-resource-id'));

const ctx = consoleTestHarness();
const { renderConsole } = ctx;

/** The option labels of a select. */
const optionsOf = (select: HTMLElement): string[] =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');

describe('the resource list', () => {
  it('lists what the server has in the sort of the URL, 20 a page, and keeps the answers on this device', async () => {
    // Served only: the replica has never heard of these patients (another client created them).
    await ctx.h.serve(...patients);
    const { router } = await renderConsole('/Patient?_sort=-birthdate');
    const table = await screen.findByRole('table', { name: 'Patient list' });
    expect(within(table).getByRole('button', { name: 'Name column menu' })).toBeInTheDocument();
    await waitFor(() => expect(rowIds()[0]).toBe('p24'));
    expect(rowIds()).toHaveLength(20);
    expect(screen.getByLabelText('Count')).toHaveTextContent('1–20 of 25');
    expect(screen.getByText('From the server')).toBeInTheDocument();
    await waitFor(async () => expect(await ctx.h.record('Patient', 'p24')).toBeDefined());

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toMatchObject({ _offset: '20' });
    expect(await screen.findByText('Ana Family4')).toBeInTheDocument();
    expect(screen.getByLabelText('Count')).toHaveTextContent('21–25 of 25');
  });

  it('searches this device offline and says the results may be incomplete', async () => {
    await renderConsole('/Patient', { held: patients.slice(0, 3), heldTypes: ['Patient'], online: false });
    expect(await screen.findByText(/may be incomplete/)).toBeInTheDocument();
    expect(rowIds()).toEqual(['p02', 'p01', 'p00']);
    expect(screen.getByText('From this device')).toBeInTheDocument();
  });

  it('offers the operators of each parameter type in the Filters dialog, and Add only once both are chosen', async () => {
    await ctx.h.serve(...patients);
    await renderConsole('/Patient');
    await screen.findByRole('table', { name: 'Patient list' });
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const field = within(dialog).getByRole('combobox', { name: 'Field' });
    const operation = within(dialog).getByRole('combobox', { name: 'Operation' });
    const operatorsOf = async (code: string) => {
      await userEvent.selectOptions(field, code);
      return optionsOf(operation).slice(1);
    };
    expect(await operatorsOf('name')).toEqual(['equals', 'not', 'contains', 'exact']);
    expect(await operatorsOf('gender')).toEqual(['equals', 'not']);
    expect(await operatorsOf('general-practitioner')).toEqual(['equals', 'not']);
    expect((await operatorsOf('birthdate')).join(', ')).toBe(
      'equals, not equals, greater than, less than, greater than or equals, less than or equals, starts after, ends before, approximately'
    );
    expect(within(dialog).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    await userEvent.selectOptions(operation, 'ge');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Value' }), '1970-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getAllByTestId('filter-row')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(rowIds()).toHaveLength(5));
    expect(screen.getByText('Birthdate greater than or equals 1970-01-01')).toBeInTheDocument();
    expect(screen.getByLabelText('Count')).toHaveTextContent('1–5 of 5');
  });

  it('sorts, filters and removes a column from its menu', async () => {
    await ctx.h.serve(...patients);
    const { router } = await renderConsole('/Patient');
    await screen.findByRole('table', { name: 'Patient list' });

    await userEvent.click(await screen.findByRole('button', { name: 'Birthdate column menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sort ascending' }));
    await waitFor(() => expect(rowIds()[0]).toBe('p00'));
    expect(router.state.location.searchStr).toBe('?_sort=birthdate');

    await userEvent.click(screen.getByRole('button', { name: 'Name column menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Filter on this column...' }));
    const prompt = await screen.findByRole('dialog', { name: 'Filter Name' });
    expect(optionsOf(within(prompt).getByRole('combobox', { name: 'Operation' }))).toEqual([
      'equals',
      'not',
      'contains',
      'exact',
    ]);
    await userEvent.selectOptions(within(prompt).getByRole('combobox', { name: 'Operation' }), 'contains');
    await userEvent.type(within(prompt).getByRole('textbox', { name: 'Value' }), 'family2');
    await userEvent.click(within(prompt).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(rowIds()).toEqual(['p02', 'p20', 'p21', 'p22', 'p23', 'p24']));
    expect(router.state.location.searchStr).toBe('?name:contains=family2&_sort=birthdate');

    await userEvent.click(screen.getByRole('button', { name: 'Gender column menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove column' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Patient list' }))
          .getAllByRole('columnheader')
          .map((th) => th.textContent)
      ).toEqual(['', 'Name ▾', 'Birthdate ▾'])
    );
    expect(router.state.location.search).toMatchObject({ _fields: 'name,birthdate' });
  });

  it('deletes the selected resources through the outbox after asking', async () => {
    await renderConsole('/Patient?_sort=-birthdate', { held: patients.slice(0, 4), heldTypes: ['Patient'] });
    await screen.findByRole('table', { name: 'Patient list' });
    await waitFor(() => expect(rowIds()).toEqual(['p03', 'p02', 'p01', 'p00']));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select p03' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select p01' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Delete these 2 resources?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(rowIds()).toEqual(['p02', 'p00']));
    expect(ctx.h.applied.map((change) => [change.kind, change.id])).toEqual([
      ['delete', 'p03'],
      ['delete', 'p01'],
    ]);
    await ctx.h.syncNow();
    await expect(ctx.h.fhir.read('Patient', 'p03', { noCache: true })).rejects.toThrow();
  });

  it("says 'No results' when the search matches nothing", async () => {
    await renderConsole('/Patient?name=nobody', { held: patients, heldTypes: ['Patient'] });
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('refresh reads the list from the server again, past the cache', async () => {
    const bundle = (total: number): Bundle => ({
      resourceType: 'Bundle',
      type: 'searchset',
      total,
      entry: Array.from({ length: total }, (_, i) => ({
        resource: { resourceType: 'Observation', id: `o${i}`, status: 'final', code: { text: 'K' } },
      })),
    });
    let total = 1;
    await renderConsole('/Observation', {
      server: (path) => (path.startsWith('Observation?') ? bundle(total) : undefined),
    });
    expect(await screen.findByLabelText('Count')).toHaveTextContent('1–1 of 1');
    total = 2;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByLabelText('Count')).toHaveTextContent('1–2 of 2'));
  });

  it('says clearly when a type cannot be listed offline', async () => {
    await renderConsole('/Observation', { online: false });
    expect(await screen.findByText('Not available offline')).toBeInTheDocument();
  });

  it('names an unknown resource type instead of searching it', async () => {
    await renderConsole('/Patientz');
    expect(await screen.findByText('Unknown resource type')).toBeInTheDocument();
    expect(ctx.h.pageRequests).toEqual([]);
  });
});
