import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Patient, Reference } from '@medplum/fhirtypes';
import { useRecordResource } from '../data/hooks';
import { formatAddress, formatDate, formatHumanName, formatReference, referencePath } from '@/ui';
import { ageInYears, statusText } from '../format';

/** Name, birth date with age, gender and address of the task's patient, from the replica. */
export function PatientSummary({ patient: reference }: { patient: Reference | undefined }) {
  const patient = useRecordResource<Patient>(reference?.reference);
  const name = formatHumanName(patient?.name?.[0]) || formatReference(reference) || 'No patient';
  const age = patient?.birthDate ? ageInYears(patient.birthDate, new Date()) : undefined;
  return (
    <Card withBorder padding="md" component="section" aria-label="Patient">
      <Stack gap={6}>
        <Title order={2} size="h3">
          {referencePath(reference) ? (
            <Anchor
              inherit
              renderRoot={(props) => (
                <Link {...props} to="/$resourceType/$id" params={referencePath(reference)} />
              )}
            >
              {name}
            </Anchor>
          ) : (
            name
          )}
        </Title>
        {patient ? (
          <>
            <Row
              label="Birth date"
              value={
                patient.birthDate
                  ? `${formatDate(patient.birthDate)}${age !== undefined ? ` (${age} years)` : ''}`
                  : ''
              }
            />
            <Row label="Gender" value={statusText(patient.gender)} />
            <Row label="Address" value={formatAddress(patient.address?.[0])} />
          </>
        ) : (
          reference && (
            <Text size="sm" c="dimmed">
              The patient's details are not on this device yet.
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={80} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </Group>
  );
}
