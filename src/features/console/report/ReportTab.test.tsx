import type { DiagnosticReport, Observation, Specimen } from '@medplum/fhirtypes';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { renderConsole } from '../testing/render-console';
import { CRITICAL_INTERPRETATIONS, resultRow } from './results';

const blood: Specimen = {
  resourceType: 'Specimen',
  id: 's1',
  type: { text: 'Venous blood' },
  collection: { collectedDateTime: '2024-03-02T07:15:00Z' },
  receivedTime: '2024-03-02T08:05:00Z',
  note: [{ text: 'Haemolysed' }],
};

const potassium: Observation = {
  resourceType: 'Observation',
  id: 'k',
  status: 'final',
  code: { text: 'Potassium' },
  valueQuantity: { value: 6.8, unit: 'mmol/L' },
  interpretation: [{ coding: [{ code: 'HH' }] }],
};

const report: DiagnosticReport = {
  resourceType: 'DiagnosticReport',
  id: 'r2',
  meta: { versionId: '1', lastUpdated: '2024-03-02T10:00:00Z' },
  status: 'final',
  code: { text: 'Potassium check' },
  specimen: [{ reference: 'Specimen/s1' }],
  result: [{ reference: 'Observation/k' }],
  presentedForm: [{ contentType: 'application/pdf', url: 'https://lab.example/r2.pdf', title: 'Lab report' }],
};

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
});
afterEach(() => h.stop());

describe('the report view', () => {
  it('lists the specimens with collected and received times, and links the presented form', async () => {
    await renderConsole(h, '/DiagnosticReport/r2/report', {
      held: [report],
      heldTypes: ['DiagnosticReport'],
      server: (path) => {
        if (path.startsWith('Specimen?_id=s1'))
          return { resourceType: 'Bundle', type: 'searchset', entry: [{ resource: blood }] };
        if (path.startsWith('Observation?_id=k'))
          return { resourceType: 'Bundle', type: 'searchset', entry: [{ resource: potassium }] };
        return undefined;
      },
    });
    const specimens = await screen.findByRole('list', { name: 'Specimens' });
    expect(within(specimens).getByRole('listitem')).toHaveTextContent(
      'Venous blood · Collected 2024-03-02 07:15 · Received 2024-03-02 08:05 · Haemolysed'
    );
    expect(screen.getByRole('link', { name: 'Lab report' })).toHaveAttribute(
      'href',
      'https://lab.example/r2.pdf'
    );
    const rows = within(await screen.findByRole('table', { name: 'Results' })).getAllByRole('row');
    expect(rows[1]).toHaveAccessibleName('Potassium (critical)');
  });

  it('reads specimens held in the replica without asking the server', async () => {
    await renderConsole(h, '/DiagnosticReport/r2/report', {
      held: [report, blood, potassium],
      heldTypes: ['DiagnosticReport', 'Specimen', 'Observation'],
      online: false,
    });
    expect(await screen.findByText('Venous blood')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Results' })).toBeInTheDocument();
  });
});

describe('the critical-row rule', () => {
  it.each(CRITICAL_INTERPRETATIONS)('%s marks a result critical', (code) => {
    expect(resultRow({ ...potassium, interpretation: [{ coding: [{ code }] }] }).critical).toBe(true);
  });

  it.each(['H', 'L', 'N', 'HU'])('%s alone does not', (code) => {
    expect(resultRow({ ...potassium, interpretation: [{ coding: [{ code }] }] }).critical).toBe(false);
  });

  it('a result without interpretation is not critical', () => {
    expect(resultRow({ ...potassium, interpretation: undefined }).critical).toBe(false);
  });

  it('one critical code among several interpretations is enough; a critical word without the code is not', () => {
    const both = [{ coding: [{ code: 'H' }] }, { coding: [{ code: 'N' }, { code: 'AA' }] }];
    expect(resultRow({ ...potassium, interpretation: both }).critical).toBe(true);
    expect(resultRow({ ...potassium, interpretation: [{ text: 'Critical high' }] }).critical).toBe(false);
  });

  it('the results table highlights only the critical rows', async () => {
    const sodium: Observation = {
      ...potassium,
      id: 'na',
      code: { text: 'Sodium' },
      valueQuantity: { value: 139, unit: 'mmol/L' },
      interpretation: [{ coding: [{ code: 'N' }], text: 'Normal' }],
    };
    await renderConsole(h, '/DiagnosticReport/r2/report', {
      held: [
        {
          ...report,
          specimen: undefined,
          result: [...(report.result ?? []), { reference: 'Observation/na' }],
        },
        potassium,
        sodium,
      ],
      heldTypes: ['DiagnosticReport', 'Observation'],
    });
    const rows = within(await screen.findByRole('table', { name: 'Results' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.getAttribute('data-critical'))).toEqual(['true', null]);
    expect(rows[0]).toHaveAccessibleName('Potassium (critical)');
    expect(rows[0]?.style.backgroundColor).not.toBe('');
    expect(rows[1]).not.toHaveAccessibleName('Sodium (critical)');
    expect(rows[1]?.style.backgroundColor).toBe('');
  });
});
