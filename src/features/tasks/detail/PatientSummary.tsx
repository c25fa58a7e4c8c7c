import { Card, Text, Title } from '@mantine/core';
import type { Patient, Reference } from '@medplum/fhirtypes';
import { formatReference, PatientSummaryCard } from '@/ui';
import { useRecordResource } from '../data/hooks';

/** The task's patient: the shared patient summary, from the replica (the task's sync brings the patient). */
export function PatientSummary({ patient: reference }: { patient: Reference | undefined }) {
  const patient = useRecordResource<Patient>(reference?.reference);
  if (patient) return <PatientSummaryCard patient={patient} />;
  return (
    <Card withBorder padding="md" component="section" aria-label="Patient">
      <Title order={2} size="h3">
        {formatReference(reference) || 'No patient'}
      </Title>
      {reference && (
        <Text size="sm" c="dimmed">
          The patient's details are not on this device yet.
        </Text>
      )}
    </Card>
  );
}
