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
import { ucumUnitText } from '@/fhir/ucum-text';
import type { Draft } from '../drafts';
import { ChoiceField, ClinicalDialog, useDialogForm } from './ClinicalDialog';
import { readNumber, useFormState, withoutIndexes } from '../inputs';
import { issuesForPath, issueText } from '../inputs/issue-paths';

interface ObservationDialogProps {
  patient: Reference<Patient>;
  editing?: Observation;
  onClose: () => void;
}

/**
 * The name of a dialog's draft on this device: what it records, which observation (or a new one)
 * and whose, as the allergy, problem and medication dialogs name theirs.
 */
const draftName = (noun: string, patient: Reference<Patient>, editing: Observation | undefined) =>
  `clinical:${noun}:${editing?.id ?? 'new'}:${patient.reference ?? ''}`;

/**
 * Taken when the dialog opened, of this patient; an edit keeps when the observation was taken. The
 * time is read once: a new time on every render would be a new entry each time, and the dialog
 * clears a save's errors when its entry changes.
 */
function useRecordedNow(patient: Reference<Patient>) {
  const [effectiveDateTime] = useState(() => new Date().toISOString());
  return { subject: patient, effectiveDateTime };
}

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
  // The answer chosen and not yet saved is a draft on this device, restored when the dialog opens again.
  const [form, set, draft] = useDialogForm(
    () => ({ answer: editing ? (smokingOptionOf(editing)?.code ?? '') : '' }),
    draftName('Smoking Status', patient, editing)
  );
  const { answer } = form;
  const recorded = useRecordedNow(patient);
  return (
    <ClinicalDialog
      noun="Smoking Status"
      before={editing}
      built={edited(editing, smokingObservation(answer, recorded))}
      onClose={onClose}
      draft={draft as Draft<unknown>}
    >
      <ChoiceField
        label="Smoking status"
        value={answer}
        onChange={(next) => set({ answer: next })}
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
  // The sign and the readings typed and not yet saved are a draft on this device, kept as typed
  // (text, so a half-typed number comes back as it was), restored when the dialog opens again.
  const [form, set, draft] = useDialogForm(
    () => {
      const readings = editing ? bloodPressureReadings(editing) : {};
      return {
        code: editing ? (vitalSignOf(editing)?.code ?? '') : BLOOD_PRESSURE.code,
        systolic: numberText(readings.systolic),
        diastolic: numberText(readings.diastolic),
        value: numberText(editing?.valueQuantity?.value),
      };
    },
    draftName('Vital', patient, editing)
  );
  const { code, systolic, diastolic, value } = form;
  const setSystolic = (text: string) => set({ systolic: text });
  const setDiastolic = (text: string) => set({ diastolic: text });
  const setValue = (text: string) => set({ value: text });
  const sign = VITAL_SIGNS.find((item) => item.code === code);
  const recorded = useRecordedNow(patient);
  const pressure = sign?.code === BLOOD_PRESSURE.code;
  // Text that is not a number is an error where it was typed, and nothing is built from it.
  const unreadable = (pressure ? [systolic, diastolic] : [value]).some(
    (text) => readNumber(text, 'decimal').error !== undefined
  );
  const observation =
    !sign || unreadable
      ? undefined
      : pressure
        ? bloodPressureObservation({ systolic, diastolic }, recorded)
        : vitalObservation(sign, value, recorded);
  // The readings are components in order, the systolic first when there is one.
  const hasSystolic = systolic.trim() !== '';
  const diastolicAt = hasSystolic ? 1 : 0;
  const number = (
    label: string,
    unit: string,
    path: string,
    text: string,
    change: (text: string) => void
  ) => <NumberField key={label} label={label} unit={unit} path={path} text={text} onChange={change} />;
  return (
    <ClinicalDialog
      noun="Vital"
      before={editing}
      built={edited(editing, observation)}
      onClose={onClose}
      draft={draft as Draft<unknown>}
    >
      <ChoiceField
        label="Vital sign"
        value={code}
        onChange={(next) => set({ code: next })}
        options={VITAL_SIGNS.map((item) => ({ value: item.code, label: item.display }))}
        required
        disabled={!!editing}
      />
      {pressure ? (
        <Group grow align="flex-start">
          {number('Systolic', SYSTOLIC.unit, hasSystolic ? componentValue(0) : '', systolic, setSystolic)}
          {number('Diastolic', DIASTOLIC.unit, componentValue(diastolicAt), diastolic, setDiastolic)}
        </Group>
      ) : (
        sign && number('Value', sign.unit, 'Observation.valueQuantity.value', value, setValue)
      )}
    </ClinicalDialog>
  );
}

const componentValue = (index: number) => `Observation.component[${index}].valueQuantity.value`;

interface NumberFieldProps {
  label: string;
  unit: string;
  /**
   * The FHIRPath of the value, with its component's index: a save's issues there show under it
   * ('' when the value is not in the resource).
   */
  path: string;
  text: string;
  onChange: (text: string) => void;
}

/**
 * A reading typed as text and read strictly (no comma, no second point); the text stays as typed,
 * its error shows under it, and so do the save's issues at its path.
 */
function NumberField({ label, unit, path, text, onChange }: NumberFieldProps) {
  const { outcome } = useFormState();
  const typed = readNumber(text, 'decimal').error;
  // Issues name a component by its index, so the match is exact, not by field name alone.
  const issues = issuesForPath(outcome, withoutIndexes(path)).filter((issue) =>
    (issue.expression ?? []).includes(path)
  );
  const error = typed ?? (issues.length ? issues.map(issueText).join('; ') : undefined);
  return (
    <TextInput
      label={label}
      inputMode="decimal"
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      data-input-error={typed ? '' : undefined}
      rightSection={ucumUnitText(unit)}
      rightSectionWidth={64}
      styles={{ input: { minHeight: 44 } }}
    />
  );
}
