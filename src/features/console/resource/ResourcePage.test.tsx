import type { Bundle, DiagnosticReport, Observation, Patient } from '@medplum/fhirtypes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { taskFixture } from '@/ui/testing/replica-harness';
import { consoleTestHarness } from '../testing/render-console';

const observation = (id: string, code: string, value: number, interpretation?: string): Observation => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  code: { text: code },
  valueQuantity: { value, unit: 'mmol/L' },
  referenceRange: [{ low: { value: 3.5, unit: 'mmol/L' }, high: { value: 5.1, unit: 'mmol/L' } }],
  interpretation: interpretation ? [{ coding: [{ code: interpretation, display: interpretation }] }] : [],
  category: [{ text: 'Laboratory' }],
  performer: [{ display: 'Main Lab' }],
});

const report: DiagnosticReport = {
  resourceType: 'DiagnosticReport',
  id: 'r1',
  meta: { versionId: '2', lastUpdated: '2024-03-02T10:00:00Z' },
  status: 'final',
  code: { text: 'Basic metabolic panel' },
  subject: { reference: 'Patient/p1', display: 'Ana Morales' },
  performer: [{ display: 'Main Lab' }],
  issued: '2024-03-02T09:30:00Z',
  result: [{ reference: 'Observation/k' }, { reference: 'Observation/na' }],
};

const history: Bundle = {
  resourceType: 'Bundle',
  type: 'history',
  entry: [
    { resource: { ...report, meta: { ...report.meta, author: { display: 'Alice Smith' } } } },
    {
      resource: {
        ...report,
        status: 'preliminary',
        meta: { versionId: '1', lastUpdated: '2024-03-01T08:00:00Z', author: { display: 'Lab Bot' } },
      },
    },
  ],
};

const server = (path: string): unknown => {
  if (path.startsWith('Observation?_id=k,na')) {
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [
        { resource: observation('na', 'Sodium', 139) },
        { resource: observation('k', 'Potassium', 6.8, 'HH') },
      ],
    };
  }
  if (path.startsWith('DiagnosticReport/r1/_history?')) return history;
  if (path === 'DiagnosticReport/r1/_history/1') return history.entry?.[1]?.resource;
  return undefined;
};

const ctx = consoleTestHarness();
const { renderConsole } = ctx;

describe('the resource page', () => {
  it('opens a report on its Report tab, results in the report’s order, the critical one highlighted', async () => {
    await renderConsole('/DiagnosticReport/r1/report', {
      held: [report],
      heldTypes: ['DiagnosticReport'],
      server,
    });
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Report',
      'Details',
      'Timeline',
      'History',
    ]);
    const results = await screen.findByRole('table', { name: 'Results' });
    const rows = within(results).getAllByRole('row').slice(1);
    expect(rows.map((row) => (row as HTMLTableRowElement).cells[0]?.textContent)).toEqual([
      'Potassium',
      'Sodium',
    ]);
    expect(rows[0]).toHaveAttribute('data-critical', 'true');
    expect(rows[0]).toHaveAccessibleName('Potassium (critical)');
    expect(rows[1]).not.toHaveAttribute('data-critical');
    expect(within(rows[0] as HTMLElement).getByText('3.5 mmol/L – 5.1 mmol/L')).toBeInTheDocument();
    expect(screen.getByText('Ana Morales')).toBeInTheDocument();
    expect(screen.getByText('2024-03-02 09:30')).toBeInTheDocument();
  });

  it('changes tab by URL; History lists author, date and version, linking to that version', async () => {
    const { router } = await renderConsole('/DiagnosticReport/r1/report', {
      held: [report],
      heldTypes: ['DiagnosticReport'],
      server,
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(router.state.location.pathname).toBe('/DiagnosticReport/r1/details');
    const details = await screen.findByRole('table', { name: 'Resource details' });
    expect(within(details).getByText('Basic metabolic panel')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(router.state.location.pathname).toBe('/DiagnosticReport/r1/history');
    const table = await screen.findByRole('table', { name: 'History' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
    ).toEqual(['Author', 'Date', 'Version']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent)
    ).toEqual(['Alice Smith2024-03-02 10:002Diff', 'Lab Bot2024-03-01 08:001Diff']);
    await userEvent.click(within(table).getByRole('link', { name: '1' }));
    expect(router.state.location.pathname).toBe('/DiagnosticReport/r1/_history/1');
    expect(await screen.findByRole('heading', { name: 'Version 1' })).toBeInTheDocument();
    expect(await screen.findByText('preliminary')).toBeInTheDocument();
  });

  it('the Timeline lists the versions and the tasks about the resource', async () => {
    const task = taskFixture('t1', {
      code: { text: 'Review Diagnostic Report' },
      focus: { reference: 'DiagnosticReport/r1' },
      meta: { lastUpdated: '2024-03-03T00:00:00Z' },
    });
    await renderConsole('/DiagnosticReport/r1/timeline', {
      held: [report, task],
      heldTypes: ['DiagnosticReport', 'Task', 'Patient'],
      server,
    });
    expect(await screen.findByRole('link', { name: 'Review Diagnostic Report' })).toHaveAttribute(
      'href',
      '/Task/t1/details'
    );
    expect(await screen.findByRole('link', { name: 'Version 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Version 2' })).toBeInTheDocument();
  });

  it('reads a resource the replica does not hold from the server, keeps it for offline use, and says when it cannot', async () => {
    const patient: Patient = { resourceType: 'Patient', id: 'p9', name: [{ given: ['Bo'], family: 'Lee' }] };
    await ctx.h.serve(patient);
    const { unmount } = await renderConsole('/Patient/p9/details');
    // The page's heading names the patient, as do her details.
    expect(await screen.findByRole('heading', { name: 'Bo Lee', level: 1 })).toBeInTheDocument();
    // Kept: the device shows it from its own copy, offline too.
    expect(await screen.findByText('From this device')).toBeInTheDocument();
    expect((await ctx.h.resource<Patient>('Patient', 'p9'))?.name?.[0]?.family).toBe('Lee');
    unmount();
    ctx.h.setOnline(false);
    const offline = await renderConsole('/Patient/p9/details');
    expect(await screen.findByRole('heading', { name: 'Bo Lee', level: 1 })).toBeInTheDocument();
    offline.unmount();
    // A fresh device, whose page has not read the patient before.
    await ctx.restart();
    await renderConsole('/Patient/p9/details', { online: false });
    expect(await screen.findByText('Not available offline')).toBeInTheDocument();
  });

  it('names an unknown resource type', async () => {
    await renderConsole('/Nope/1/details');
    expect(await screen.findByText('Unknown resource type')).toBeInTheDocument();
  });
});
