import type {
  AllergyIntolerance,
  Condition,
  MedicationRequest,
  Patient,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import * as codes from '@/fhir/clinical-codes';
import * as entries from '@/fhir/clinical-entries';
import type { Draft } from '../drafts';
import { ChoiceField, ClinicalDialog, CodeField, DateField, useDialogForm } from './ClinicalDialog';

interface EntryDialogProps<T> {
  patient: Reference<Patient>;
  /** The entry to edit; none to add one. */
  editing?: T;
  onClose: () => void;
}

/** How a dialog's form reads an entry, when it is complete, and the resource it then describes. */
interface EntryRules<F, T> {
  form: (entry?: T) => F;
  complete: (form: F) => boolean;
  resource: (form: F, patient: Reference<Patient>, before?: T) => T;
}

type Fields<F> = (form: F, set: (change: Partial<F>) => void) => ReactNode;

/** An add or edit dialog of one kind of entry: its form, read and built by the kind's rules. */
function EntryDialog<F extends object, T extends Resource>(
  props: EntryDialogProps<T> & { noun: string; rules: EntryRules<F, T>; fields: Fields<F> }
) {
  const { rules, editing } = props;
  const [form, set, draft] = useDialogForm(
    () => rules.form(editing),
    `clinical:${props.noun}:${editing?.id ?? 'new'}:${props.patient.reference ?? ''}`
  );
  const built = rules.complete(form) ? rules.resource(form, props.patient, editing) : undefined;
  return (
    <ClinicalDialog
      noun={props.noun}
      before={editing}
      built={built}
      onClose={props.onClose}
      draft={draft as Draft<unknown>}
    >
      {props.fields(form, set)}
    </ClinicalDialog>
  );
}

const ALLERGY: EntryRules<entries.AllergyForm, AllergyIntolerance> = {
  form: entries.allergyForm,
  complete: entries.allergyComplete,
  resource: entries.allergyResource,
};
const CONDITION: EntryRules<entries.ConditionForm, Condition> = {
  form: entries.conditionForm,
  complete: entries.conditionComplete,
  resource: entries.conditionResource,
};
const MEDICATION: EntryRules<entries.MedicationForm, MedicationRequest> = {
  form: entries.medicationForm,
  complete: entries.medicationComplete,
  resource: entries.medicationResource,
};

/** The fields an allergy and a problem share: what it is, its clinical status and its onset. */
function CodedEntryFields(props: {
  /** The resource type the entry is: its fields' issues are named by it. */
  type: 'AllergyIntolerance' | 'Condition';
  label: string;
  known: readonly codes.ClinicalCode[];
  statuses: readonly string[];
  form: entries.CodedEntryForm;
  set: (change: Partial<entries.CodedEntryForm>) => void;
  onsetRequired?: boolean;
}) {
  const { form, set } = props;
  return (
    <>
      <CodeField
        label={props.label}
        value={form.code}
        onChange={(code) => set({ code })}
        codes={props.known}
        required
        path={`${props.type}.code`}
      />
      <ChoiceField
        label="Clinical status"
        value={form.clinicalStatus}
        onChange={(clinicalStatus) => set({ clinicalStatus })}
        options={props.statuses}
        required
        path={`${props.type}.clinicalStatus`}
      />
      <DateField
        label="Onset"
        value={form.onset}
        onChange={(onset) => set({ onset })}
        required={props.onsetRequired}
        path={`${props.type}.onsetDateTime`}
      />
    </>
  );
}

/** Add or edit an allergy: substance, clinical status, onset and the reaction's manifestation. */
export function AllergyDialog(props: EntryDialogProps<AllergyIntolerance>) {
  const fields: Fields<entries.AllergyForm> = (form, set) => (
    <>
      <CodedEntryFields
        type="AllergyIntolerance"
        label="Allergy"
        known={codes.ALLERGY_CODES}
        statuses={entries.ALLERGY_STATUSES}
        form={form}
        set={set}
      />
      <CodeField
        label="Reaction"
        value={form.reaction}
        onChange={(reaction) => set({ reaction })}
        codes={codes.REACTION_CODES}
        path="AllergyIntolerance.reaction.manifestation"
      />
    </>
  );
  return <EntryDialog {...props} noun="Allergy" rules={ALLERGY} fields={fields} />;
}

/** Add or edit a problem: condition, clinical status and onset (required). */
export function ConditionDialog(props: EntryDialogProps<Condition>) {
  const fields: Fields<entries.ConditionForm> = (form, set) => (
    <CodedEntryFields
      type="Condition"
      label="Problem"
      known={codes.CONDITION_CODES}
      statuses={entries.CONDITION_STATUSES}
      form={form}
      set={set}
      onsetRequired
    />
  );
  return <EntryDialog {...props} noun="Problem" rules={CONDITION} fields={fields} />;
}

/** Add or edit a medication order: the medication and its status, active or stopped (required). */
export function MedicationDialog(props: EntryDialogProps<MedicationRequest>) {
  const fields: Fields<entries.MedicationForm> = (form, set) => (
    <>
      <CodeField
        label="Medication"
        value={form.medication}
        onChange={(medication) => set({ medication })}
        codes={codes.MEDICATION_CODES}
        required
        path="MedicationRequest.medicationCodeableConcept"
      />
      <ChoiceField
        label="Status"
        value={form.status}
        onChange={(status) => set({ status })}
        options={entries.MEDICATION_STATUSES}
        required
        path="MedicationRequest.status"
      />
    </>
  );
  return <EntryDialog {...props} noun="Medication" rules={MEDICATION} fields={fields} />;
}
