import { Input } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { fieldErrorText } from './issue-paths';
import { useFormState } from './form-context';

export interface FieldFrameProps {
  label: string;
  /** Shows the required marker: the element's minimum is above 0. */
  required?: boolean;
  /** The field's FHIRPath ('Patient.name.given'): server issues pointing here show under it. */
  path: string;
  /** Renders the input, given the id its label points at. */
  children: (id: string) => ReactNode;
}

const FRAME = { minWidth: 0 };

/**
 * One labelled field: the label (with its required marker), the input, and the server's error.
 * Drawn from the bare label and error parts, not a wrapper that hands its id to every input inside
 * (a field of sub-fields holds many inputs, each with its own id).
 */
export function FieldFrame({ label, required, path, children }: FieldFrameProps) {
  const id = useId();
  const { outcome } = useFormState();
  const error = fieldErrorText(outcome, path);
  return (
    <div data-field={path} style={FRAME}>
      <Input.Label htmlFor={id} required={required}>
        {label}
      </Input.Label>
      {children(id)}
      {error && <Input.Error mt={4}>{error}</Input.Error>}
    </div>
  );
}
