import { useId, type ReactNode } from 'react';
import classes from './inputs.module.css';
import { FieldErrorContext } from './field-error';
import { fieldErrorText } from './issue-paths';
import { useFormState } from './form-state';

export interface FieldFrameProps {
  label: string;
  /** Shows the required marker: the element's minimum is above 0. */
  required?: boolean;
  /** The field's FHIRPath ('Patient.name.given'): server issues pointing here show under it. */
  path: string;
  /** Renders the input, given the id its label points at. */
  children: (id: string) => ReactNode;
}

/** One labelled field: the label (with its required marker), the input, and the server's error. */
export function FieldFrame({ label, required, path, children }: FieldFrameProps) {
  const id = useId();
  const { outcome } = useFormState();
  const error = fieldErrorText(outcome, path);
  return (
    <div data-field={path} className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden>
            {' *'}
          </span>
        )}
      </label>
      <FieldErrorContext value={error ? { inputId: id, errorId: `${id}-error` } : undefined}>
        {children(id)}
      </FieldErrorContext>
      {error && (
        <div id={`${id}-error`} className={classes.error}>
          {error}
        </div>
      )}
    </div>
  );
}
