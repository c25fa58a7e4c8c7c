import type {
  AllergyIntolerance,
  Condition,
  MedicationRequest,
  Patient,
  Reference,
} from '@medplum/fhirtypes';
import { useState } from 'react';
import { ALLERGY_CODES, CONDITION_CODES, MEDICATION_CODES, REACTION_CODES } from '@/fhir/clinical-codes';
import {
  ALLERGY_STATUSES,
  allergyComplete,
  allergyForm,
  allergyResource,
  CONDITION_STATUSES,
  conditionComplete,
  conditionForm,
  conditionResource,
  MEDICATION_STATUSES,
  medicationComplete,
  medicationForm,
  medicationResource,
} from '@/fhir/clinical-entries';
import { ChoiceField, ClinicalDialog, CodeField, DateField } from './ClinicalDialog';

interface EntryDialogProps<T> {
  patient: Reference<Patient>;
  /** The entry to edit; none to add one. */
  editing?: T;
  onClose: () => void;
}

/** Add or edit an allergy: substance, clinical status, onset and the reaction's manifestation. */
export function AllergyDialog({ patient, editing, onClose }: EntryDialogProps<AllergyIntolerance>) {
  const [form, setForm] = useState(() => allergyForm(editing));
  const set = (change: Partial<typeof form>) => setForm({ ...form, ...change });
  return (
    <ClinicalDialog
      title={editing ? 'Edit Allergy' : 'Add Allergy'}
      label={editing ? 'Edit Allergy' : 'Add Allergy'}
      before={editing}
      built={allergyComplete(form) ? allergyResource(form, patient, editing) : undefined}
      onClose={onClose}
    >
      <CodeField
        label="Allergy"
        value={form.code}
        onChange={(code) => set({ code })}
        codes={ALLERGY_CODES}
        required
      />
      <ChoiceField
        label="Clinical status"
        value={form.clinicalStatus}
        onChange={(clinicalStatus) => set({ clinicalStatus })}
        options={ALLERGY_STATUSES}
        required
      />
      <DateField label="Onset" value={form.onset} onChange={(onset) => set({ onset })} />
      <CodeField
        label="Reaction"
        value={form.reaction}
        onChange={(reaction) => set({ reaction })}
        codes={REACTION_CODES}
      />
    </ClinicalDialog>
  );
}

/** Add or edit a problem: condition, clinical status and onset (required). */
export function ConditionDialog({ patient, editing, onClose }: EntryDialogProps<Condition>) {
  const [form, setForm] = useState(() => conditionForm(editing));
  const set = (change: Partial<typeof form>) => setForm({ ...form, ...change });
  return (
    <ClinicalDialog
      title={editing ? 'Edit Problem' : 'Add Problem'}
      label={editing ? 'Edit Problem' : 'Add Problem'}
      before={editing}
      built={conditionComplete(form) ? conditionResource(form, patient, editing) : undefined}
      onClose={onClose}
    >
      <CodeField
        label="Problem"
        value={form.code}
        onChange={(code) => set({ code })}
        codes={CONDITION_CODES}
        required
      />
      <ChoiceField
        label="Clinical status"
        value={form.clinicalStatus}
        onChange={(clinicalStatus) => set({ clinicalStatus })}
        options={CONDITION_STATUSES}
        required
      />
      <DateField label="Onset" value={form.onset} onChange={(onset) => set({ onset })} required />
    </ClinicalDialog>
  );
}

/** Add or edit a medication order: the medication and its status, active or stopped (required). */
export function MedicationDialog({ patient, editing, onClose }: EntryDialogProps<MedicationRequest>) {
  const [form, setForm] = useState(() => medicationForm(editing));
  const set = (change: Partial<typeof form>) => setForm({ ...form, ...change });
  return (
    <ClinicalDialog
      title={editing ? 'Edit Medication' : 'Add Medication'}
      label={editing ? 'Edit Medication' : 'Add Medication'}
      before={editing}
      built={medicationComplete(form) ? medicationResource(form, patient, editing) : undefined}
      onClose={onClose}
    >
      <CodeField
        label="Medication"
        value={form.medication}
        onChange={(medication) => set({ medication })}
        codes={MEDICATION_CODES}
        required
      />
      <ChoiceField
        label="Status"
        value={form.status}
        onChange={(status) => set({ status })}
        options={MEDICATION_STATUSES}
        required
      />
    </ClinicalDialog>
  );
}
