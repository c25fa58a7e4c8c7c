import type { DiagnosticReport, Task } from '@medplum/fhirtypes';
import { DOCTOR, READY_BUSINESS_STATUS, taskCode } from './codes';
import type { BotClient, BotEvent } from './types';

export const REVIEW_REPORT_ERROR = 'Unexpected input. DiagnosticReport not in preliminary status';

/**
 * Review-report bot. Subscribed to created preliminary DiagnosticReports: each one gets a
 * 'Review Diagnostic Report' task in the Doctor queue. Any other input is refused. A report that
 * already has an open review task is not given a second one.
 */
export async function handler(medplum: BotClient, event: BotEvent<DiagnosticReport>): Promise<Task> {
  const report = event.input;
  if (report?.resourceType !== 'DiagnosticReport' || report.status !== 'preliminary' || !report.id) {
    throw new Error(REVIEW_REPORT_ERROR);
  }
  const focus = `DiagnosticReport/${report.id}`;
  const open = await medplum.searchOne('Task', { focus, 'status:not': 'completed' });
  if (open) return open;
  const task: Task = {
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
    priority: 'asap',
    code: taskCode('review-diagnostic-report', 'Review Diagnostic Report'),
    focus: { reference: focus, display: report.code?.text ?? report.code?.coding?.[0]?.display },
    for: report.subject,
    authoredOn: new Date().toISOString(),
    performerType: [{ coding: [DOCTOR], text: DOCTOR.display }],
    businessStatus: READY_BUSINESS_STATUS,
  };
  return medplum.createResource(task);
}
