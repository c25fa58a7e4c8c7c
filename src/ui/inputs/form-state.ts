import type { OperationOutcome } from '@medplum/fhirtypes';
import { createContext, useContext } from 'react';

/** What every field of one form shares: the server's outcome its errors come from, the profile. */
export interface FormState {
  outcome?: OperationOutcome;
  /** The profile (StructureDefinition URL) the resource is shown by, when one is loaded. */
  profileUrl?: string;
}

export const FormStateContext = createContext<FormState>({});

export const useFormState = (): FormState => useContext(FormStateContext);
