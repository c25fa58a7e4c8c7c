import { toFhirTime } from './date-inputs';
import type { ValueInputProps } from './input-props';
import { NativeInput } from './NativeInput';

/** A time of day, stored with its seconds ('09:30' → '09:30:00'); an emptied input is no value. */
export function TimeInput({ value, onChange, ...rest }: ValueInputProps<string>) {
  const change = (text: string) => onChange(toFhirTime(text));
  return <NativeInput {...rest} type="time" step={1} value={value ?? ''} onChange={change} />;
}
