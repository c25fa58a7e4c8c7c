import type { Patient } from '@medplum/fhirtypes';
import { PatientSummaryCard } from '@/ui';

/** /Patient/{id}/summary: the patient summary the task detail shows too. */
export function PatientSummaryTab({ patient }: { patient: Patient }) {
  return <PatientSummaryCard patient={patient} />;
}
