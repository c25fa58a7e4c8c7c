import { createContext, useContext } from 'react';

/** A field's error shown under its input: which input it belongs to, and the error's element id. */
export interface FieldErrorLink {
  inputId: string;
  errorId: string;
}

/** Provided by a field frame while it shows an error under its input. */
export const FieldErrorContext = createContext<FieldErrorLink | undefined>(undefined);

/** The attributes an input takes from its field's error. */
export interface FieldErrorAria {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * Ties the input with this id to the error its field shows: a screen reader reads the error with
 * the field, and says the field is invalid. An input nested in another field's frame is not tied
 * to that frame's error (the ids differ).
 */
export function useFieldError(id: string | undefined): FieldErrorAria {
  const link = useContext(FieldErrorContext);
  if (!link || !id || link.inputId !== id) return {};
  return { 'aria-describedby': link.errorId, 'aria-invalid': true };
}
