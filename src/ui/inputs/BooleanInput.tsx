import type { ChangeEvent } from 'react';
import { nativeProps, type ValueInputProps } from './input-props';
import classes from './inputs.module.css';

/** A boolean as a checkbox: checked is true, unchecked false. */
export function BooleanInput({ value, onChange, ...rest }: ValueInputProps<boolean>) {
  return (
    <input
      {...nativeProps(rest)}
      type="checkbox"
      className={classes.checkbox}
      checked={value === true}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.checked)}
    />
  );
}
