import { Combobox, Input } from '@mantine/core';
import type { ChangeEvent } from 'react';

export interface OptionSelectProps {
  id?: string;
  ariaLabel?: string;
  /** Codes, or codes with the words shown for them. */
  options: readonly (string | { value: string; label: string })[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  required?: boolean;
  /** Offers an empty choice (no value); off for choices that always have one. */
  clearable?: boolean;
  w?: number;
}

/**
 * A choice from a short fixed list, as the platform's own select (bare: the field around it holds
 * the label): cheap to draw many of, and native on touch screens.
 */
export function OptionSelect({
  id,
  ariaLabel,
  options,
  value,
  onChange,
  required,
  clearable = true,
  w,
}: OptionSelectProps) {
  const data = options.map((option) =>
    typeof option === 'string' ? { value: option, label: option } : option
  );
  return (
    <Input
      component="select"
      id={id}
      aria-label={ariaLabel}
      required={required}
      w={w}
      pointer
      rightSection={<Combobox.Chevron />}
      rightSectionPointerEvents="none"
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value || undefined)}
    >
      {clearable && <option value="" />}
      {data.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Input>
  );
}
