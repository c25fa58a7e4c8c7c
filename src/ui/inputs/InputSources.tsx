import type { Reference } from '@medplum/fhirtypes';
import { createContext, useContext, type ReactNode } from 'react';
import type { FormDataSources } from '../schema/form-data-sources';

/**
 * The data the inputs look up: whoever draws them supplies it (the console pages over the replica
 * and server, a questionnaire with its item's filter, tests in memory), so the inputs stay pure.
 */
export interface InputSources extends FormDataSources {
  /** The signed-in user's profile: the author of a new Annotation. */
  profile?: Reference;
}

const NO_SOURCES: InputSources = {
  searchReferences: () => Promise.resolve([]),
  expandValueSet: () => Promise.resolve([]),
};

const InputSourcesContext = createContext<InputSources>(NO_SOURCES);

export function InputSourcesProvider({ sources, children }: { sources: InputSources; children: ReactNode }) {
  return <InputSourcesContext.Provider value={sources}>{children}</InputSourcesContext.Provider>;
}

/** The data sources of the nearest provider; without one, lookups find nothing. */
export function useInputSources(): InputSources {
  return useContext(InputSourcesContext);
}
