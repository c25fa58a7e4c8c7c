import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Patient, Reference } from '@medplum/fhirtypes';
import { memo, useId, useState } from 'react';
import { formatDate, formatHumanName, formatReference, PatientSummaryCard } from '@/ui';
import { TOUCH_HEIGHT } from '../constants';
import { useRecordResource } from '../data/hooks';

interface PatientSummaryProps {
  patient: Reference | undefined;
  /**
   * Folded to one line (the patient's name and birth date) that opens the whole summary: where the
   * page has no column for it, the task's details come first and the patient is one tap away.
   */
  collapsible?: boolean;
  /**
   * False in the task page's first frame: the whole summary (five lists, each a live read) is drawn in
   * the next, in a card of its height kept for it; the folded line is drawn at once.
   */
  drawn?: boolean;
}

/**
 * The task's patient: the shared patient summary, from the replica (the task's sync brings the
 * patient). Drawn again only when the task names another patient or the page's width moves it
 * between a column and a folded line: a change of the task's status or owner leaves the summary
 * (five lists of up to 100 entries) as it is.
 */
export const PatientSummary = memo(
  PatientSummaryOf,
  (before, after) =>
    before.collapsible === after.collapsible &&
    before.drawn === after.drawn &&
    before.patient?.reference === after.patient?.reference &&
    before.patient?.display === after.patient?.display
);

function PatientSummaryOf({ patient: reference, collapsible = false, drawn = true }: PatientSummaryProps) {
  const patient = useRecordResource<Patient>(reference?.reference);
  if (collapsible) return <FoldedPatient reference={reference} patient={patient} />;
  if (!drawn) return <Card withBorder padding="md" mih={SUMMARY_ROOM} aria-busy />;
  return <FullSummary reference={reference} patient={patient} />;
}

/** The room the whole summary's card keeps until it is drawn: its header and first lists. */
const SUMMARY_ROOM = 320;

function FullSummary({ reference, patient }: { reference: Reference | undefined; patient?: Patient }) {
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

/** One line naming the patient, and a button that unfolds the whole summary below it. */
function FoldedPatient({ reference, patient }: { reference: Reference | undefined; patient?: Patient }) {
  const [open, setOpen] = useState(false);
  const summaryId = useId();
  const name = formatHumanName(patient?.name?.[0]) || formatReference(reference) || 'No patient';
  const born = patient?.birthDate ? formatDate(patient.birthDate) : '';
  return (
    <Stack gap="sm">
      <Card withBorder padding="xs" component="section" aria-label="Patient">
        <Group justify="space-between" wrap="nowrap" gap="sm" pl="xs">
          <Text size="sm">
            <Text span size="sm" c="dimmed">
              Patient{' '}
            </Text>
            <Text span size="sm" fw={600}>
              {name}
            </Text>
            {born && (
              <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {' '}
                · {born}
              </Text>
            )}
          </Text>
          {(patient || reference) && (
            <Button
              variant="subtle"
              px="xs"
              mih={TOUCH_HEIGHT}
              aria-expanded={open}
              aria-controls={summaryId}
              onClick={() => setOpen((was) => !was)}
              style={{ flexShrink: 0 }}
            >
              {open ? 'Hide patient summary' : 'Show patient summary'}
            </Button>
          )}
        </Group>
      </Card>
      <div id={summaryId} hidden={!open}>
        {open && <FullSummary reference={reference} patient={patient} />}
      </div>
    </Stack>
  );
}
