import { Alert, Anchor, Avatar, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { calculateAge } from '@medplum/core';
import type {
  AllergyIntolerance,
  Condition,
  MedicationRequest,
  Observation,
  Patient,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import {
  conceptText,
  statusCode,
  ALLERGY_CLINICAL_SYSTEM,
  CONDITION_CLINICAL_SYSTEM,
} from '@/fhir/clinical-entries';
import { smokingOptionOf, vitalSignOf, vitalText } from '@/fhir/clinical-rules';
import { formatDate, formatDateTime } from '../format/date-time';
import { formatHumanName } from '../format/human-name';
import { formatReference } from '../format/identifier';
import { ReferenceLink, ResourceLink } from '../references/ReferenceLink';
import { ClinicalSection, keyOf, rowsOf } from './ClinicalSection';
import { AllergyDialog, ConditionDialog, MedicationDialog } from './EntryDialogs';
import { SmokingDialog, VitalDialog } from './ObservationDialogs';
import type { PatientRecords } from './patient-records';
import { usePatientRecords } from './use-patient-records';

type Kind = 'allergy' | 'problem' | 'medication' | 'smoking' | 'vital';

/** The open dialog: which kind, and the entry edited (none when adding). */
interface Open {
  kind: Kind;
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
 * outbox. Reads from the device at once; online it asks the server and keeps the answers.
 */
export function PatientSummaryCard({ patient }: { patient: Patient }) {
  const id = patient.id ?? '';
  const reference: Reference<Patient> = useMemo(
    () => ({ reference: `Patient/${id}`, display: formatHumanName(patient.name?.[0]) || undefined }),
    [id, patient.name]
  );
  const { records, error } = usePatientRecords(id);
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
              <Anchor
                inherit
                renderRoot={(props) => (
                  <Link {...props} to="/$resourceType/$id" params={{ resourceType: 'Patient', id }} />
                )}
              >
                {name}
              </Anchor>
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
        {error && (
          <Alert color="red" title="The server did not answer">
            {error}
          </Alert>
        )}
        <Divider />
        {records ? <Sections records={records} onOpen={setOpen} /> : <Text size="sm">Loading...</Text>}
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

const effective = (observation: Observation): string =>
  observation.effectiveDateTime ? formatDateTime(observation.effectiveDateTime) : '';

function Sections({ records, onOpen }: { records: PatientRecords; onOpen: (open: Open) => void }) {
  const { waiting } = records;
  const rows = useMemo(
    () => ({
      allergies: rowsOf(records.allergies, waiting, (allergy: AllergyIntolerance) => ({
        text: [conceptText(allergy.code), conceptText(allergy.reaction?.[0]?.manifestation[0])]
          .filter(Boolean)
          .join(' — '),
        detail: capitalised(statusCode(allergy.clinicalStatus, ALLERGY_CLINICAL_SYSTEM)),
      })),
      problems: rowsOf(records.problems, waiting, (condition: Condition) => ({
        text: conceptText(condition.code),
        detail: [
          capitalised(statusCode(condition.clinicalStatus, CONDITION_CLINICAL_SYSTEM)),
          formatDate(condition.onsetDateTime ?? ''),
        ]
          .filter(Boolean)
          .join(' · '),
      })),
      medications: rowsOf(records.medications, waiting, (request: MedicationRequest) => ({
        text: conceptText(request.medicationCodeableConcept),
        detail: capitalised(request.status),
      })),
      smoking: rowsOf(records.smoking, waiting, (observation: Observation) => ({
        text: smokingOptionOf(observation)?.display ?? conceptText(observation.valueCodeableConcept),
        detail: effective(observation),
      })),
      vitals: rowsOf(records.vitals, waiting, (observation: Observation) => ({
        text: `${vitalSignOf(observation)?.display ?? conceptText(observation.code)}: ${vitalText(observation)}`,
        detail: effective(observation),
      })),
    }),
    [records, waiting]
  );
  const byKey = useMemo(() => {
    const all: Resource[] = [
      ...records.allergies,
      ...records.problems,
      ...records.medications,
      ...records.smoking,
      ...records.vitals,
    ];
    return new Map(all.map((resource) => [keyOf(resource), resource]));
  }, [records]);
  const handlers = useMemo(() => {
    const of = (kind: Kind) => ({
      onAdd: () => onOpen({ kind }),
      onEdit: (key: string) => onOpen({ kind, editing: byKey.get(key) }),
    });
    return {
      allergy: of('allergy'),
      problem: of('problem'),
      medication: of('medication'),
      smoking: of('smoking'),
      vital: of('vital'),
    };
  }, [byKey, onOpen]);
  return (
    <Stack gap="md">
      <ClinicalSection
        title="Allergies"
        addLabel="Add Allergy"
        rows={rows.allergies}
        empty="No known allergies"
        {...handlers.allergy}
      />
      <ClinicalSection
        title="Problem List"
        addLabel="Add Problem"
        rows={rows.problems}
        empty="No problems"
        {...handlers.problem}
      />
      <ClinicalSection
        title="Medications"
        addLabel="Add Medication"
        rows={rows.medications}
        empty="No medications"
        {...handlers.medication}
      />
      <ClinicalSection
        title="Smoking Status"
        addLabel="Add Smoking Status"
        rows={rows.smoking}
        empty="Not recorded"
        {...handlers.smoking}
      />
      <ClinicalSection
        title="Vitals"
        addLabel="Add Vital"
        rows={rows.vitals}
        empty="No vitals"
        {...handlers.vital}
      />
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
      return <AllergyDialog {...props} editing={open.editing as AllergyIntolerance | undefined} />;
    case 'problem':
      return <ConditionDialog {...props} editing={open.editing as Condition | undefined} />;
    case 'medication':
      return <MedicationDialog {...props} editing={open.editing as MedicationRequest | undefined} />;
    case 'smoking':
      return <SmokingDialog {...props} editing={open.editing as Observation | undefined} />;
    case 'vital':
      return <VitalDialog {...props} editing={open.editing as Observation | undefined} />;
  }
}
