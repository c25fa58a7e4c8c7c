import { MantineProvider } from '@mantine/core';
import type { Coding, OperationOutcome, Reference, Resource } from '@medplum/fhirtypes';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormDataSourcesProvider, ResourceForm, type FormDataSources } from '../form';

export interface FormSetup {
  /** Resources the reference picker finds (matched by their display, case-insensitive). */
  references?: Reference[];
  /** Codes of each ValueSet by canonical URL (matched by display or code). */
  valueSets?: Record<string, Coding[]>;
  profile?: Reference;
  outcome?: OperationOutcome;
  onDelete?: () => void;
  submitting?: boolean;
}

/** In-memory lookups answering as the console's real ones do. */
export function memorySources(setup: FormSetup): FormDataSources & { searches: string[][] } {
  const searches: string[][] = [];
  const matches = (text: string, ...words: (string | undefined)[]) =>
    words.some((word) => word?.toLowerCase().includes(text.toLowerCase()));
  return {
    searches,
    profile: setup.profile,
    searchReferences: (targetTypes, text) => {
      searches.push([...targetTypes, text]);
      return Promise.resolve(
        (setup.references ?? [])
          .filter((reference) => targetTypes.some((type) => reference.reference?.startsWith(`${type}/`)))
          .filter((reference) => matches(text, reference.display))
          .slice(0, 10)
      );
    },
    expandValueSet: (url, filter) =>
      Promise.resolve(
        (setup.valueSets?.[url.split('|')[0] ?? url] ?? []).filter((coding) =>
          matches(filter, coding.display, coding.code)
        )
      ),
  };
}

/**
 * A ResourceForm for `resource` with in-memory lookups; `submitted()` is what the last OK emitted.
 * Index the schemas first (indexFormSchemas).
 */
export function renderForm(resource: Resource, setup: FormSetup = {}) {
  const emitted: Resource[] = [];
  const sources = memorySources(setup);
  const user = userEvent.setup();
  const view = (value: Resource, outcome = setup.outcome) => (
    <MantineProvider env="test">
      <FormDataSourcesProvider sources={sources}>
        <ResourceForm
          defaultValue={value}
          onSubmit={(submitted) => emitted.push(submitted)}
          onDelete={setup.onDelete}
          outcome={outcome}
          submitting={setup.submitting}
        />
      </FormDataSourcesProvider>
    </MantineProvider>
  );
  const result = render(view(resource));
  return {
    ...result,
    user,
    sources,
    /** Shows the server's answer to the last save. */
    showOutcome: (outcome: OperationOutcome) => result.rerender(view(resource, outcome)),
    submitted: (): Resource | undefined => emitted[emitted.length - 1],
    submissions: emitted,
  };
}
