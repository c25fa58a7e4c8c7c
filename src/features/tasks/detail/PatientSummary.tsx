import { Card, Text, Title } from '@mantine/core';
import type { Patient, Reference } from '@medplum/fhirtypes';
import { memo } from 'react';
import { formatReference, PatientSummaryCard } from '@/ui';
import { useRecordResource } from '../data/hooks';

/**
 * The task's patient: the shared patient summary, from the replica (the task's sync brings the
 * patient). Drawn again only when the task names another patient: a change of the task's status or
 * owner leaves the summary (five lists of up to 100 entries) as it is.
 */
export const PatientSummary = memo(
  PatientSummaryOf,
  (before, after) =>
    before.patient?.reference === after.patient?.reference &&
    before.patient?.display === after.patient?.display
);

function PatientSummaryOf({ patient: reference }: { patient: Reference | undefined }) {
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
