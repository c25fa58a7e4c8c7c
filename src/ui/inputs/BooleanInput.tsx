import type { ValueInputProps } from './input-props';
import classes from './inputs.module.css';
import { useFieldError } from './field-error';

/** A boolean as a checkbox: checked is true, unchecked false. */
export function BooleanInput({ id, ariaLabel, required, value, onChange }: ValueInputProps<boolean>) {
  const fieldError = useFieldError(id);
  return (
    <input
      {...{ id, required }}
      {...fieldError}
      type="checkbox"
      aria-label={ariaLabel}
      className={classes.checkbox}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
