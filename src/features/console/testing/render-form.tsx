import { MantineProvider } from '@mantine/core';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InputSourcesProvider } from '@/ui/inputs';
import { memorySources, retyper, type FormSetup } from '@/ui/inputs/testing/render-field';
import { ResourceForm } from '../form';

/**
 * A ResourceForm for `resource` with in-memory lookups; `submitted()` is what the last OK emitted.
 * Index the schemas first (indexFormSchemas).
 */
export function renderForm(resource: Resource, setup: FormSetup = {}) {
  const emitted: Resource[] = [];
  /** For each OK, whether it saved anyway over the warnings shown. */
  const acceptedWarnings: boolean[] = [];
  const sources = memorySources(setup);
  const user = userEvent.setup();
  const view = (value: Resource, outcome = setup.outcome) => (
    <MantineProvider env="test">
      <InputSourcesProvider sources={sources}>
        <ResourceForm
          defaultValue={value}
          onSubmit={(submitted, options) => {
            emitted.push(submitted);
            acceptedWarnings.push(options?.acceptWarnings === true);
          }}
          onDelete={setup.onDelete}
          outcome={outcome}
          submitting={setup.submitting}
        />
      </InputSourcesProvider>
    </MantineProvider>
  );
  const result = render(view(resource));
  return {
    ...result,
    user,
    retype: retyper(user),
    sources,
    /** Shows the server's answer to the last save. */
    showOutcome: (outcome: OperationOutcome) => result.rerender(view(resource, outcome)),
    submitted: (): Resource | undefined => emitted[emitted.length - 1],
    submissions: emitted,
    acceptedWarnings,
  };
}
