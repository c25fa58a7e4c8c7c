import type { ValueInputProps } from './input-props';
import classes from './inputs.module.css';
import { useFieldError } from './field-error';

/**
 * A boolean as a checkbox: checked is true, unchecked false. The box is drawn small; the label around
 * it is the 44 × 44 px target a tap toggles.
 */
export function BooleanInput({ id, ariaLabel, required, value, onChange }: ValueInputProps<boolean>) {
  const fieldError = useFieldError(id);
  return (
    <label className={classes.checkTarget}>
      <input
        {...{ id, required }}
        {...fieldError}
        type="checkbox"
        aria-label={ariaLabel}
        className={classes.checkbox}
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </label>
  );
}
