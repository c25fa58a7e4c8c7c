import { fromLocalInput, toLocalInput } from './date-inputs';
import type { ValueInputProps } from './input-props';
import { NativeInput } from './NativeInput';

/**
 * A date-time in the user's local time, stored as an instant in UTC. A partial date held ('2024',
 * '2024-03') shows as the start of that period; an emptied input is no value.
 */
export function DateTimeInput({ value, onChange, ...rest }: ValueInputProps<string>) {
  const change = (text: string) => onChange(fromLocalInput(text));
  return (
    <NativeInput {...rest} type="datetime-local" step={1} value={toLocalInput(value)} onChange={change} />
  );
}
