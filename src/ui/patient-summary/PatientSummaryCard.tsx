import { Alert, Anchor, Avatar, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { calculateAge } from '@medplum/core';
import type { Patient, Reference, Resource } from '@medplum/fhirtypes';
import type * as fhir from '@medplum/fhirtypes';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { formatDate, formatDateTime } from '../format/date-time';
import { formatHumanName } from '../format/human-name';
import { formatReference } from '../format/identifier';
import { ReferenceLink, ResourceLink } from '../references/ReferenceLink';
import { ClinicalSection } from './ClinicalSection';
import { keyOf, SECTIONS, sectionRows, type EntryKind } from './section-rows';
import { AllergyDialog, ConditionDialog, MedicationDialog } from './EntryDialogs';
import { SmokingDialog, VitalDialog } from './ObservationDialogs';
import type { PatientRecords } from './patient-records';
import { usePatientRecords } from './use-patient-records';
import { VitalTrends, type TrendsMode } from './VitalTrends';

/** The open dialog: which kind, and the entry edited (none when adding). */
interface Open {
  kind: EntryKind;
  editing?: Resource;
}

const capitalised = (text: string | undefined): string =>
  text ? text.charAt(0).toUpperCase() + text.slice(1) : '';

/** '1980-05-01 (44 years)' */
function birthText(birthDate: string | undefined): string {
  if (!birthDate) return 'No birth date';
  const { years } = calculateAge(birthDate);
  return `${formatDate(birthDate)} (${years} ${years === 1 ? 'year' : 'years'})`;
}

function initials(patient: Patient): string {
  const name = patient.name?.[0];
  return [name?.given?.[0], name?.family]
    .map((part) => part?.charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

/**
 * The patient summary: who the patient is (avatar, name, birth date with age, 'Self', general
 * practitioner, gender), the next appointment and the last visit, then the allergies, problem list,
 * medications, smoking status and vitals, each with add and edit dialogs that write through the
 * outbox. Reads from the device at once; online it asks the server and keeps the answers. Vital
 * signs with two or more readings have trend charts: drawn at once with `trends="drawn"`, else
 * behind a 'Show trends' button, so a page that shows the summary beside other work does not
 * fetch the charts' code until they are asked for.
 */
export function PatientSummaryCard({
  patient,
  trends = 'on-request',
}: {
  patient: Patient;
  trends?: TrendsMode;
}) {
  const id = patient.id ?? '';
  const reference: Reference<Patient> = useMemo(
    () => ({ reference: `Patient/${id}`, display: formatHumanName(patient.name?.[0]) || undefined }),
    [id, patient.name]
  );
  const { records, error, offline } = usePatientRecords(id);
  const [open, setOpen] = useState<Open>();
  const close = useCallback(() => setOpen(undefined), []);
  const name = formatHumanName(patient.name?.[0]) || `Patient/${id}`;
  const practitioner = patient.generalPractitioner?.[0];

  return (
    <Card withBorder padding="md" component="section" aria-label="Patient summary">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <Avatar radius="xl" size="lg" color="blue" aria-hidden>
            {initials(patient)}
          </Avatar>
          <Stack gap={0}>
            <Title order={2} size="h3">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {birthText(patient.birthDate)}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" aria-label="Care">
          <Text size="sm">Self</Text>
          <Text size="sm" c="dimmed" aria-hidden>
            ·
          </Text>
          {practitioner ? (
            <ReferenceLink reference={practitioner}>
              {formatReference(practitioner) || 'Provider'}
            </ReferenceLink>
          ) : (
            <Text size="sm">No provider</Text>
          )}
          <Text size="sm" c="dimmed" aria-hidden>
            ·
          </Text>
          <Text size="sm">{capitalised(patient.gender) || 'Gender unknown'}</Text>
        </Group>
        <Visits id={id} records={records} />
        {/* Offline is not a failure: the lists are the device's copy, as every offline screen says. */}
        {offline && (
          <Text size="sm" c="dimmed">
            Offline: these lists come from this device.
          </Text>
        )}
        {error && (
          <Alert color="red" title="The server did not answer">
            {error}
          </Alert>
        )}
        <Divider />
        {records ? (
          <Sections records={records} onOpen={setOpen} trends={trends} />
        ) : (
          <Text size="sm">Loading...</Text>
        )}
      </Stack>
      {open && <EntryDialog open={open} patient={reference} onClose={close} />}
    </Card>
  );
}

function Visits({ id, records }: { id: string; records: PatientRecords | undefined }) {
  const next = records?.nextAppointment;
  const last = records?.lastVisit;
  const list = (resourceType: string, text: string) => (
    <Anchor
      size="sm"
      renderRoot={(props) => (
        <Link
          {...props}
          to="/$resourceType"
          params={{ resourceType }}
          search={{ patient: `Patient/${id}` } as never}
        />
      )}
    >
      {text}
    </Anchor>
  );
  return (
    <Stack gap={2}>
      {next?.id ? (
        <ResourceLink resourceType="Appointment" id={next.id}>
          {`Next appointment ${formatDateTime(next.start ?? '')}`}
        </ResourceLink>
      ) : (
        list('Appointment', 'No upcoming appointments')
      )}
      {last?.id ? (
        <ResourceLink resourceType="Encounter" id={last.id}>
          {`Last visit ${formatDate(last.period?.start ?? '')}`}
        </ResourceLink>
      ) : (
        list('Encounter', 'No documented visits')
      )}
    </Stack>
  );
}

function Sections({
  records,
  onOpen,
  trends: mode,
}: {
  records: PatientRecords;
  onOpen: (open: Open) => void;
  trends: TrendsMode;
}) {
  const byKey = useMemo(
    () =>
      new Map(
        SECTIONS.flatMap((spec) => spec.entries(records)).map((resource) => [keyOf(resource), resource])
      ),
    [records]
  );
  const shown = useMemo(
    () =>
      SECTIONS.map((spec) => ({
        spec,
        rows: sectionRows(spec, records),
        onAdd: () => onOpen({ kind: spec.kind }),
        onEdit: (key: string) => onOpen({ kind: spec.kind, editing: byKey.get(key) }),
      })),
    [records, byKey, onOpen]
  );
  const trends = useMemo(
    () => <VitalTrends readings={records.vitalReadings} mode={mode} />,
    [records.vitalReadings, mode]
  );
  return (
    <Stack gap="md">
      {shown.map(({ spec, rows, onAdd, onEdit }) => (
        <ClinicalSection
          key={spec.kind}
          title={spec.title}
          addLabel={spec.addLabel}
          empty={spec.empty}
          rows={rows}
          onAdd={onAdd}
          onEdit={onEdit}
        >
          {spec.kind === 'vital' && trends}
        </ClinicalSection>
      ))}
    </Stack>
  );
}

function EntryDialog({
  open,
  patient,
  onClose,
}: {
  open: Open;
  patient: Reference<Patient>;
  onClose: () => void;
}) {
  const props = { patient, onClose };
  switch (open.kind) {
    case 'allergy':
      return <AllergyDialog {...props} editing={open.editing as fhir.AllergyIntolerance | undefined} />;
    case 'problem':
      return <ConditionDialog {...props} editing={open.editing as fhir.Condition | undefined} />;
    case 'medication':
      return <MedicationDialog {...props} editing={open.editing as fhir.MedicationRequest | undefined} />;
    case 'smoking':
      return <SmokingDialog {...props} editing={open.editing as fhir.Observation | undefined} />;
    case 'vital':
      return <VitalDialog {...props} editing={open.editing as fhir.Observation | undefined} />;
  }
}
