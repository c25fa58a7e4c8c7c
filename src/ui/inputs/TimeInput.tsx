import type { ChangeEvent } from 'react';
import { toFhirTime } from './date-inputs';
import { nativeProps, type ValueInputProps } from './input-props';
import classes from './inputs.module.css';

/** A time of day, stored with its seconds ('09:30' → '09:30:00'); an emptied input is no value. */
export function TimeInput({ value, onChange, ...rest }: ValueInputProps<string>) {
  return (
    <input
      {...nativeProps(rest)}
      type="time"
      step={1}
      className={classes.input}
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(toFhirTime(event.currentTarget.value))}
    />
  );
}
