import type { DiagnosticReport, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { handler, REVIEW_REPORT_ERROR } from '../../bots/review-report';
import type { BotClient } from '../../bots/types';
import { botHarness, reference } from './testing';

async function report(medplum: BotClient, status: DiagnosticReport['status']) {
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ family: 'Okafor' }],
  });
  const created = await medplum.createResource<DiagnosticReport>({
    resourceType: 'DiagnosticReport',
    status,
    code: { text: 'Basic metabolic panel' },
    subject: { ...reference(patient), display: 'Maya Okafor' },
  });
  return { patient, report: created };
}

const event = (input: DiagnosticReport) => ({
  input,
  contentType: 'application/fhir+json',
  secrets: {},
  bot: { reference: 'Bot/1' },
});

describe('review-report bot', () => {
  it("creates a 'Review Diagnostic Report' task in the Doctor queue for a preliminary report", async () => {
    const { medplum } = botHarness();
    const { patient, report: preliminary } = await report(medplum, 'preliminary');
    const task = await handler(medplum, event(preliminary));
    expect(task).toMatchObject({
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
      priority: 'asap',
      code: { coding: [{ code: 'review-diagnostic-report', display: 'Review Diagnostic Report' }] },
      focus: { reference: `DiagnosticReport/${preliminary.id}` },
      for: { reference: `Patient/${patient.id}`, display: 'Maya Okafor' },
      performerType: [
        { coding: [{ system: 'http://snomed.info/sct', code: '158965000', display: 'Doctor' }] },
      ],
    });
    expect(await medplum.searchResources('Task')).toHaveLength(1);
  });

  it('refuses a final report with the spec’s message and creates nothing', async () => {
    const { medplum } = botHarness();
    const { report: final } = await report(medplum, 'final');
    await expect(handler(medplum, event(final))).rejects.toThrow(REVIEW_REPORT_ERROR);
    expect(REVIEW_REPORT_ERROR).toBe('Unexpected input. DiagnosticReport not in preliminary status');
    expect(await medplum.searchResources('Task')).toHaveLength(0);
  });

  it('does not give a report a second open review task', async () => {
    const { medplum } = botHarness();
    const { report: preliminary } = await report(medplum, 'preliminary');
    const first = await handler(medplum, event(preliminary));
    const second = await handler(medplum, event(preliminary));
    expect(second.id).toBe(first.id);
  });
});
