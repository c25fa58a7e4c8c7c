import type { ValueInputProps } from './input-props';
import { NativeInput } from './NativeInput';

/** How each FHIR number type is typed in: integers step 1, decimals any; the smallest allowed. */
const NUMBER_RULES: Record<string, { whole: boolean; min?: number }> = {
  decimal: { whole: false },
  integer: { whole: true },
  integer64: { whole: true },
  positiveInt: { whole: true, min: 1 },
  unsignedInt: { whole: true, min: 0 },
};

/** A typed number as the element's value: integers are whole, anything unreadable is no value. */
export function toFhirNumber(text: string, whole: boolean): number | undefined {
  if (text.trim() === '') return undefined;
  const number = Number(text);
  if (!Number.isFinite(number)) return undefined;
  return whole ? Math.round(number) : number;
}

export interface NumberInputProps extends ValueInputProps<number> {
  /** The FHIR type: 'decimal', 'integer', 'positiveInt', ... */
  type: string;
}

/** A number of its FHIR type; an emptied or unreadable input is no value. */
export function NumberInput({ type, value, onChange, ...rest }: NumberInputProps) {
  const rule = NUMBER_RULES[type] ?? { whole: false };
  return (
    <NativeInput
      {...rest}
      type="number"
      step={rule.whole ? '1' : 'any'}
      min={rule.min}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(text) => onChange(toFhirNumber(text, rule.whole))}
    />
  );
}
