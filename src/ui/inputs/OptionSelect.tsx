import type { ChangeEvent } from 'react';
import classes from './inputs.module.css';
import { useFieldError } from './field-error';

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
  const fieldError = useFieldError(id);
  return (
    <select
      id={id}
      {...fieldError}
      aria-label={ariaLabel}
      required={required}
      className={classes.input}
      style={w ? { width: w, flex: 'none' } : undefined}
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value || undefined)}
    >
      {clearable && <option value="" />}
      {options.map((option) => {
        const { value: code, label } = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={code} value={code}>
            {label}
          </option>
        );
      })}
    </select>
  );
}
