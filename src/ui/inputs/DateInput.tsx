import type { ChangeEvent } from 'react';
import { nativeProps, type ValueInputProps } from './input-props';
import classes from './inputs.module.css';

/**
 * A date on the device's own picker. A date-time held shows its day, and stays as it is until the
 * user picks another; an emptied input is no value.
 */
export function DateInput({ value, onChange, ...rest }: ValueInputProps<string>) {
  return (
    <input
      {...nativeProps(rest)}
      type="date"
      className={classes.input}
      value={value ? value.slice(0, 10) : ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value || undefined)}
    />
  );
}
