import type { Coding, Reference } from '@medplum/fhirtypes';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * The data a form's inputs look up: whoever renders the form supplies it (the console pages over
 * the replica and server, tests in memory), so the inputs stay pure.
 */
export interface FormDataSources {
  /**
   * Resources of the target types whose name-like field matches `text` (at most 10), as
   * references with their display.
   */
  searchReferences(targetTypes: readonly string[], text: string): Promise<Reference[]>;
  /** The codes of a ValueSet (its canonical URL, version allowed) that match `filter`. */
  expandValueSet(url: string, filter: string): Promise<Coding[]>;
  /** The signed-in user's profile: the author of a new Annotation. */
  profile?: Reference;
}

const NO_SOURCES: FormDataSources = {
  searchReferences: () => Promise.resolve([]),
  expandValueSet: () => Promise.resolve([]),
};

const FormDataSourcesContext = createContext<FormDataSources>(NO_SOURCES);

export function FormDataSourcesProvider({
  sources,
  children,
}: {
  sources: FormDataSources;
  children: ReactNode;
}) {
  return <FormDataSourcesContext.Provider value={sources}>{children}</FormDataSourcesContext.Provider>;
}

/** The data sources of the nearest provider; without one, lookups find nothing. */
export function useFormDataSources(): FormDataSources {
  return useContext(FormDataSourcesContext);
}
