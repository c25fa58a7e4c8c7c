import { Alert, Autocomplete, Select, TextInput } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import type { ClinicalCode } from '@/fhir/clinical-codes';
import { FormModal } from '../dialogs/FormModal';
import { useClinicalSave } from './use-clinical-save';

export interface ClinicalDialogProps {
  title: string;
  /** The entry being edited; none when adding. */
  before?: Resource;
  /** The outbox label of the change ('Add Allergy'). */
  label: string;
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
export function ClinicalDialog({ title, before, label, built, onClose, children }: ClinicalDialogProps) {
  const { save, saving, error } = useClinicalSave();
  return (
    <FormModal
      opened
      title={title}
      submitLabel="Save"
      canSubmit={built !== undefined}
      busy={saving}
      onClose={onClose}
      onSubmit={() => {
        if (built) void save(before, built, label).then((stored) => stored && onClose());
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

const TOUCH = { input: { minHeight: 44 } };

/** A coded field: suggestions from the common codes, or any words the clinician types. */
export function CodeField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  codes: readonly ClinicalCode[];
  required?: boolean;
}) {
  return (
    <Autocomplete
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      data={[...new Set(props.codes.map((code) => code.display))]}
      required={props.required}
      styles={TOUCH}
      data-autofocus
    />
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
    <Select
      label={props.label}
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
      data={props.options.map((option) =>
        typeof option === 'string'
          ? { value: option, label: option.charAt(0).toUpperCase() + option.slice(1) }
          : option
      )}
      required={props.required}
      disabled={props.disabled}
      allowDeselect={false}
      styles={TOUCH}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A date field over a dateTime: shows its date part, and keeps the stored value until changed. */
export function DateField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <TextInput
      type="date"
      label={props.label}
      value={props.value.slice(0, 10)}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      required={props.required}
      styles={TOUCH}
    />
  );
}
