import type { ValueInputProps } from './input-props';
import { NativeInput } from './NativeInput';

/**
 * A date on the device's own picker. A date-time held shows its day, and stays as it is until the
 * user picks another; an emptied input is no value.
 */
export function DateInput({ value, onChange, ...rest }: ValueInputProps<string>) {
  return (
    <NativeInput
      {...rest}
      type="date"
      value={value?.split('T')[0] ?? ''}
      onChange={(text) => onChange(text || undefined)}
    />
  );
}
