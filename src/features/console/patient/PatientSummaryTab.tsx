import type { Patient } from '@medplum/fhirtypes';
import { PatientSummaryCard } from '@/ui';

/**
 * /Patient/{id}/summary: the patient summary the task detail shows too; here, the patient's own
 * page, the vital signs' trends are drawn at once.
 */
export function PatientSummaryTab({ patient }: { patient: Patient }) {
  return <PatientSummaryCard patient={patient} trends="drawn" />;
}
