import { NativeSelect } from '@mantine/core';

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
 * A choice from a short fixed list, as the platform's own select: cheap to draw many of, and
 * native on touch screens.
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
    <NativeSelect
      id={id}
      aria-label={ariaLabel}
      required={required}
      w={w}
      data={clearable ? [{ value: '', label: '' }, ...data] : data}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
    />
  );
}
