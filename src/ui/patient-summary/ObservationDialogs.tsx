import { Group, TextInput } from '@mantine/core';
import type { Observation, Patient, Reference } from '@medplum/fhirtypes';
import { useState } from 'react';
import {
  BLOOD_PRESSURE,
  bloodPressureObservation,
  bloodPressureReadings,
  DIASTOLIC,
  SMOKING_OPTIONS,
  smokingObservation,
  smokingOptionOf,
  SYSTOLIC,
  VITAL_SIGNS,
  vitalObservation,
  vitalSignOf,
} from '@/fhir/clinical-rules';
import { ChoiceField, ClinicalDialog } from './ClinicalDialog';

interface ObservationDialogProps {
  patient: Reference<Patient>;
  editing?: Observation;
  onClose: () => void;
}

/** Taken now, of this patient; an edit keeps when the observation was taken. */
const recordedNow = (patient: Reference<Patient>) => ({
  subject: patient,
  effectiveDateTime: new Date().toISOString(),
});

/** The new observation over the one edited: its value changes, who and when stay. */
function edited(before: Observation | undefined, after: Observation | undefined): Observation | undefined {
  if (!after || !before) return after;
  const { valueQuantity: _value, component: _component, valueCodeableConcept: _concept, ...kept } = before;
  const { valueQuantity, component, valueCodeableConcept } = after;
  return {
    ...kept,
    ...(valueQuantity ? { valueQuantity } : {}),
    ...(component ? { component } : {}),
    ...(valueCodeableConcept ? { valueCodeableConcept } : {}),
  };
}

/** Record or correct the smoking status: one of the eight answers (required). */
export function SmokingDialog({ patient, editing, onClose }: ObservationDialogProps) {
  const [answer, setAnswer] = useState(() => (editing ? (smokingOptionOf(editing)?.code ?? '') : ''));
  return (
    <ClinicalDialog
      noun="Smoking Status"
      before={editing}
      built={edited(editing, smokingObservation(answer, recordedNow(patient)))}
      onClose={onClose}
    >
      <ChoiceField
        label="Smoking status"
        value={answer}
        onChange={setAnswer}
        options={SMOKING_OPTIONS.map((option) => ({ value: option.code, label: option.display }))}
        required
      />
    </ClinicalDialog>
  );
}

const numberText = (value: number | undefined): string => (value === undefined ? '' : String(value));

/**
 * Record or correct a vital sign in its unit. Blood pressure takes systolic and diastolic readings
 * and is saved when at least one is a finite number; any other sign needs its one value.
 */
export function VitalDialog({ patient, editing, onClose }: ObservationDialogProps) {
  const [code, setCode] = useState(() =>
    editing ? (vitalSignOf(editing)?.code ?? '') : BLOOD_PRESSURE.code
  );
  const readings = editing ? bloodPressureReadings(editing) : {};
  const [systolic, setSystolic] = useState(numberText(readings.systolic));
  const [diastolic, setDiastolic] = useState(numberText(readings.diastolic));
  const [value, setValue] = useState(numberText(editing?.valueQuantity?.value));
  const sign = VITAL_SIGNS.find((item) => item.code === code);
  const recorded = recordedNow(patient);
  const observation = !sign
    ? undefined
    : sign.code === BLOOD_PRESSURE.code
      ? bloodPressureObservation({ systolic, diastolic }, recorded)
      : vitalObservation(sign, value, recorded);
  const number = (label: string, unit: string, text: string, change: (text: string) => void) => (
    <TextInput
      key={label}
      label={label}
      type="number"
      inputMode="decimal"
      step="any"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      rightSection={unit}
      rightSectionWidth={64}
      styles={{ input: { minHeight: 44 } }}
    />
  );
  return (
    <ClinicalDialog noun="Vital" before={editing} built={edited(editing, observation)} onClose={onClose}>
      <ChoiceField
        label="Vital sign"
        value={code}
        onChange={setCode}
        options={VITAL_SIGNS.map((item) => ({ value: item.code, label: item.display }))}
        required
        disabled={!!editing}
      />
      {sign?.code === BLOOD_PRESSURE.code ? (
        <Group grow align="flex-start">
          {number('Systolic', SYSTOLIC.unit, systolic, setSystolic)}
          {number('Diastolic', DIASTOLIC.unit, diastolic, setDiastolic)}
        </Group>
      ) : (
        sign && number('Value', sign.unit, value, setValue)
      )}
    </ClinicalDialog>
  );
}
