import type { ChangeEvent } from 'react';
import { fromLocalInput, toLocalInput } from './date-inputs';
import { nativeProps, type ValueInputProps } from './input-props';
import classes from './inputs.module.css';

/**
 * A date-time in the user's local time, stored as an instant in UTC. A partial date held ('2024',
 * '2024-03') shows as the start of that period; an emptied input is no value.
 */
export function DateTimeInput({ value, onChange, ...rest }: ValueInputProps<string>) {
  return (
    <input
      {...nativeProps(rest)}
      type="datetime-local"
      step={1}
      className={classes.input}
      value={toLocalInput(value)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(fromLocalInput(event.currentTarget.value))}
    />
  );
}
