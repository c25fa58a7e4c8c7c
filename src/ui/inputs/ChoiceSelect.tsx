import { Select } from '@mantine/core';
import type { ValueInputProps } from './input-props';
import { useFieldError } from './field-error';

export interface ChoiceSelectProps extends ValueInputProps<string> {
  /** Codes with the words shown for them. */
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}

/**
 * One of a few fixed choices in the library's select, for a short form: a choice once made is
 * changed, never cleared.
 */
export function ChoiceSelect({
  id,
  ariaLabel,
  required,
  value,
  onChange,
  options,
  disabled,
}: ChoiceSelectProps) {
  const fieldError = useFieldError(id);
  return (
    <Select
      {...{ id, required, disabled }}
      {...fieldError}
      aria-label={ariaLabel}
      value={value || null}
      onChange={(chosen) => onChange(chosen ?? undefined)}
      data={options.map((option) => ({ ...option }))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
