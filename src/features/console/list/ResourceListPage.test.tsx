import type { Bundle, Patient } from '@medplum/fhirtypes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { renderConsole as renderConsoleOn, type ConsoleSetup } from '../testing/render-console';

const patient = (id: string, family: string, updated: string): Patient => ({
  resourceType: 'Patient',
  id,
  meta: { lastUpdated: updated, versionId: '1' },
  name: [{ given: ['Ana'], family }],
  birthDate: '1970-06-03',
  gender: 'female',
});

/** 45 patients, the newest last in id order, so '-_lastUpdated' reverses them. */
const patients = Array.from({ length: 45 }, (_, i) =>
  patient(`p${String(i).padStart(2, '0')}`, `Family${i}`, `2024-01-01T00:00:${String(i).padStart(2, '0')}Z`)
);

const rowIds = (): (string | null)[] =>
  within(screen.getByRole('table', { name: 'Patient list' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-resource-id'));

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
});
afterEach(() => h.stop());

const renderConsole = (path: string, setup?: ConsoleSetup) => renderConsoleOn(h, path, setup);

describe('the resource list', () => {
  it('lists a type the replica holds with its default columns, newest first, 20 a page', async () => {
    const { router } = await renderConsole('/Patient', {
      held: patients,
      heldTypes: ['Patient'],
    });
    const table = await screen.findByRole('table', { name: 'Patient list' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
    ).toEqual(['Name', 'Birthdate', 'Gender']);
    expect(rowIds()).toHaveLength(20);
    expect(rowIds()[0]).toBe('p44');
    expect(screen.getByLabelText('Count')).toHaveTextContent('1–20 of 45');
    expect(screen.getByText('From this device')).toBeInTheDocument();
    expect(h.pageRequests).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toMatchObject({ _offset: '20' });
    expect(await screen.findByText('Ana Family24')).toBeInTheDocument();
    expect(rowIds()[0]).toBe('p24');
    expect(screen.getByLabelText('Count')).toHaveTextContent('21–40 of 45');
  });

  it("offers the type's server export as NDJSON downloads", async () => {
    // jsdom has no object URLs; the page's own URL stands in for one.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:export-1', revokeObjectURL: () => undefined })
    );
    const manifest = {
      transactionTime: '2024-01-01T00:00:00Z',
      request: `${h.baseUrl}fhir/R4/$export?_type=Patient`,
      requiresAccessToken: true,
      output: [{ type: 'Patient', url: `${h.baseUrl}fhir/R4/Binary/export-1`, count: 45 }],
    };
    await renderConsole('/Patient', {
      held: patients,
      heldTypes: ['Patient'],
      server: (path) =>
        path === '$export?_type=Patient' ? manifest : path === 'Binary/export-1' ? {} : undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export NDJSON' }));
    const link = await screen.findByRole('link', { name: 'Patient.ndjson (45)' });
    expect(link).toHaveAttribute('download', 'Patient.ndjson');
    expect(h.pageRequests).toEqual(['$export?_type=Patient', 'Binary/export-1']);
    vi.unstubAllGlobals();
  });

  it("says 'No results' when the search matches nothing", async () => {
    await renderConsole('/Patient?name=nobody', { held: patients, heldTypes: ['Patient'] });
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('asks the server for a type the replica does not hold', async () => {
    const bundle: Bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      total: 1,
      entry: [{ resource: { resourceType: 'Observation', id: 'o1', status: 'final', code: { text: 'K' } } }],
    };
    await renderConsole('/Observation', { server: () => bundle });
    const table = await screen.findByRole('table', { name: 'Observation list' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
    ).toEqual(['ID', 'Last Updated']);
    expect(within(table).getByText('o1')).toBeInTheDocument();
    expect(screen.getByText('From the server')).toBeInTheDocument();
    expect(h.pageRequests).toEqual(['Observation?_sort=-_lastUpdated&_count=20&_offset=0&_total=accurate']);
  });

  it('says clearly when that type cannot be listed offline', async () => {
    await renderConsole('/Observation', { online: false });
    expect(await screen.findByText('Not available offline')).toBeInTheDocument();
  });

  it('names an unknown resource type instead of searching it', async () => {
    await renderConsole('/Patientz');
    expect(await screen.findByText('Unknown resource type')).toBeInTheDocument();
    expect(h.pageRequests).toEqual([]);
  });
});
