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

/** One labelled field: the label (with its required marker), the input, and the server's error. */
export function FieldFrame({ label, required, path, children }: FieldFrameProps) {
  const id = useId();
  const { outcome } = useFormState();
  return (
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      error={fieldErrorText(outcome, path)}
      miw={0}
      data-field={path}
    >
      {children(id)}
    </Input.Wrapper>
  );
}
