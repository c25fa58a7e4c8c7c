import { Input } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { FieldErrorContext } from './field-error';
import classes from './inputs.module.css';

/** What a field passes to its input. */
export interface LabelledInput {
  id: string;
  ariaLabel?: string;
  required?: boolean;
}

export interface LabelledFieldProps {
  label?: string;
  required?: boolean;
  /** Shown under the input. */
  error?: ReactNode;
  /** Renders the input, given what it takes from its field: the id its label points at, its name. */
  children: (field: LabelledInput) => ReactNode;
}

/**
 * One field of a short form (a questionnaire, a dialog) in the library's look: its label, a kit
 * input, and its error. A long form uses FieldFrame, which draws no library components.
 */
export function LabelledField({ label, required, error, children }: LabelledFieldProps) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label={label} required={required} error={error} className={classes.touch}>
      {/* The wrapper draws its error as `${id}-error`; the input is described by it. */}
      <FieldErrorContext value={error ? { inputId: id, errorId: `${id}-error` } : undefined}>
        {children({ id, ariaLabel: label, required })}
      </FieldErrorContext>
    </Input.Wrapper>
  );
}
