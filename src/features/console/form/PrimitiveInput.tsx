import type { ChangeEvent } from 'react';
import { PRIMITIVE_RULES } from './field-rules';
import classes from './form.module.css';
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

type Changed = ChangeEvent<HTMLInputElement>;

/**
 * The input for a FHIR primitive, typed as its kind says; an emptied input is no value. A native
 * input (the field around it holds the label and error): a form draws a hundred of them at once.
 */
export function PrimitiveInput({ type, id, value, onChange, required, ariaLabel }: PrimitiveInputProps) {
  const rule = PRIMITIVE_RULES[type] ?? { kind: 'text' };
  const text = value === undefined || value === null ? '' : String(value);
  const common = { id, required, 'aria-label': ariaLabel, className: classes.input };
  switch (rule.kind) {
    case 'checkbox':
      return (
        <input
          {...common}
          type="checkbox"
          className={classes.checkbox}
          checked={value === true}
          onChange={(event: Changed) => onChange(event.currentTarget.checked)}
        />
      );
    case 'textarea':
      return (
        <textarea
          {...common}
          rows={3}
          value={text}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <input
          {...common}
          type="number"
          step={rule.step}
          min={rule.min}
          value={text}
          onChange={(event: Changed) => onChange(toFhirNumber(event.currentTarget.value, rule.step === '1'))}
        />
      );
    case 'date':
      return (
        <input
          {...common}
          type="date"
          value={text}
          onChange={(e: Changed) => onChange(e.currentTarget.value)}
        />
      );
    case 'dateTime':
      return (
        <input
          {...common}
          type="datetime-local"
          step={1}
          value={toLocalInput(text)}
          onChange={(event: Changed) => onChange(fromLocalInput(event.currentTarget.value))}
        />
      );
    case 'time':
      return (
        <input
          {...common}
          type="time"
          step={1}
          value={text}
          onChange={(event: Changed) => onChange(toFhirTime(event.currentTarget.value))}
        />
      );
    default:
      return (
        <input {...common} value={text} onChange={(event: Changed) => onChange(event.currentTarget.value)} />
      );
  }
}
