import { Alert } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useState, type ReactNode } from 'react';
import type { ClinicalCode } from '@/fhir/clinical-codes';
import { FormModal } from '../dialogs/FormModal';
import { ChoiceSelect, DateInput, LabelledField, SuggestInput } from '../inputs';
import { useClinicalSave } from './use-clinical-save';

export interface ClinicalDialogProps {
  /** What the entry is ('Allergy'): the dialog is 'Add Allergy' or 'Edit Allergy', and so is its change. */
  noun: string;
  /** The entry being edited; none when adding. */
  before?: Resource;
  /** The resource the form describes, or undefined while it is incomplete. */
  built: Resource | undefined;
  onClose: () => void;
  children: ReactNode;
}

/**
 * An add or edit dialog of the patient summary: Save stays disabled until the form is complete, the
 * entry is stored through the outbox (so it works offline), and a refusal shows its words in the
 * dialog, losing nothing typed.
 */
export function ClinicalDialog({ noun, before, built, onClose, children }: ClinicalDialogProps) {
  const { save, saving, error } = useClinicalSave();
  const title = `${before ? 'Edit' : 'Add'} ${noun}`;
  return (
    <FormModal
      opened
      title={title}
      submitLabel="Save"
      canSubmit={built !== undefined}
      busy={saving}
      onClose={onClose}
      onSubmit={() => {
        if (built) void save(before, built, title).then((stored) => stored && onClose());
      }}
    >
      {children}
      {error && (
        <Alert color="red" title="Not saved">
          {error}
        </Alert>
      )}
    </FormModal>
  );
}

/** A coded field: suggestions from the common codes, or any words the clinician types. */
export function CodeField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  codes: readonly ClinicalCode[];
  required?: boolean;
}) {
  return (
    <LabelledField label={props.label} required={props.required}>
      {(id) => (
        <SuggestInput
          id={id}
          ariaLabel={props.label}
          required={props.required}
          value={props.value}
          onChange={(value) => props.onChange(value ?? '')}
          suggestions={props.codes.map((code) => code.display)}
          autoFocus
        />
      )}
    </LabelledField>
  );
}

export function ChoiceField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[] | readonly { value: string; label: string }[];
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <LabelledField label={props.label} required={props.required}>
      {(id) => (
        <ChoiceSelect
          id={id}
          ariaLabel={props.label}
          required={props.required}
          disabled={props.disabled}
          value={props.value}
          onChange={(value) => props.onChange(value ?? '')}
          options={props.options.map((option) =>
            typeof option === 'string'
              ? { value: option, label: option.charAt(0).toUpperCase() + option.slice(1) }
              : option
          )}
        />
      )}
    </LabelledField>
  );
}

/** A dialog's form: its fields, and a setter that changes some of them. */
export function useDialogForm<T extends object>(initial: () => T): [T, (change: Partial<T>) => void] {
  const [form, setForm] = useState(initial);
  return [form, (change) => setForm((current) => ({ ...current, ...change }))];
}

/** A date field over a dateTime: shows its date part, and keeps the stored value until changed. */
export function DateField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <LabelledField label={props.label} required={props.required}>
      {(id) => (
        <DateInput
          id={id}
          ariaLabel={props.label}
          required={props.required}
          value={props.value}
          onChange={(value) => props.onChange(value ?? '')}
        />
      )}
    </LabelledField>
  );
}
