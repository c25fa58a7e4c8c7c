import { Checkbox, Input } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { PRIMITIVE_RULES } from './field-rules';
import { fromLocalInput, toFhirNumber, toFhirTime, toLocalInput } from './date-inputs';

export interface PrimitiveInputProps {
  /** The FHIR primitive type: 'string', 'positiveInt', 'dateTime', ... */
  type: string;
  id?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  required?: boolean;
  /** The label for assistive technology when the input has no visible label of its own. */
  ariaLabel?: string;
}

/**
 * The input for a FHIR primitive, typed as its kind says; an emptied input is no value. Bare inputs
 * (the field around them holds the label and error): a form draws a hundred of them at once.
 */
export function PrimitiveInput({ type, id, value, onChange, required, ariaLabel }: PrimitiveInputProps) {
  const rule = PRIMITIVE_RULES[type] ?? { kind: 'text' };
  const text = value === undefined || value === null ? '' : String(value);
  const common = { id, required, 'aria-label': ariaLabel };
  switch (rule.kind) {
    case 'checkbox':
      return (
        <Checkbox
          {...common}
          mt={6}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'textarea':
      return (
        <Input
          {...common}
          component="textarea"
          rows={3}
          value={text}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <Input
          {...common}
          type="number"
          step={rule.step}
          min={rule.min}
          value={text}
          onChange={(event) => onChange(toFhirNumber(event.currentTarget.value, rule.step === '1'))}
        />
      );
    case 'date':
      return (
        <Input {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'dateTime':
      return (
        <Input
          {...common}
          type="datetime-local"
          step={1}
          value={toLocalInput(text)}
          onChange={(event) => onChange(fromLocalInput(event.currentTarget.value))}
        />
      );
    case 'time':
      return (
        <Input
          {...common}
          type="time"
          step={1}
          value={text}
          onChange={(event) => onChange(toFhirTime(event.currentTarget.value))}
        />
      );
    default:
      return <Input {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}
