import type { ValueInputProps } from './input-props';
import classes from './inputs.module.css';

/** A boolean as a checkbox: checked is true, unchecked false. */
export function BooleanInput({ id, ariaLabel, required, value, onChange }: ValueInputProps<boolean>) {
  return (
    <input
      {...{ id, required }}
      type="checkbox"
      aria-label={ariaLabel}
      className={classes.checkbox}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
