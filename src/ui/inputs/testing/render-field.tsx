import { MantineProvider } from '@mantine/core';
import type { Coding, OperationOutcome, Reference, Resource } from '@medplum/fhirtypes';
import { getDataType, type InternalSchemaElement } from '@medplum/core';
import { fireEvent, render, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { cleanValue } from '../clean-value';
import type { JsonObject } from '../element-schema';
import { ElementInput, elementProps } from '../ElementInput';
import { FormStateContext } from '../form-state';
import { InputSourcesProvider, type InputSources } from '../InputSources';
import { useEditedResource } from '../use-edited-resource';

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
export function memorySources(
  setup: FormSetup
): InputSources & { searches: string[][]; expansions: string[] } {
  const searches: string[][] = [];
  const expansions: string[] = [];
  const matches = (text: string, ...words: (string | undefined)[]) =>
    words.some((word) => word?.toLowerCase().includes(text.toLowerCase()));
  return {
    searches,
    expansions,
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
    expandValueSet: (url, filter) => {
      expansions.push(url);
      return Promise.resolve(
        (setup.valueSets?.[url.split('|')[0] ?? url] ?? []).filter((coding) =>
          matches(filter, coding.display, coding.code)
        )
      );
    },
  };
}

/** Inputs whose value the browser's own picker sets: tests set it whole, as the picker does. */
const PICKED = new Set(['date', 'time', 'datetime-local', 'number']);

/** Replaces what an input holds by `text`, as a user selecting it all and typing would. */
export function retyper(user: UserEvent) {
  return async (input: HTMLElement, text: string) => {
    if (input instanceof HTMLInputElement && PICKED.has(input.type)) {
      fireEvent.change(input, { target: { value: text } });
      return;
    }
    await user.clear(input);
    if (text) await user.paste(text);
  };
}

interface FieldBedProps {
  resource: Resource;
  name: string;
  profileUrl?: string;
  onEdit: (value: Resource) => void;
}

function FieldBed({ resource, name, profileUrl, onEdit }: FieldBedProps) {
  const { value, setProperty } = useEditedResource(resource);
  // Reported in the commit that draws it: a test that waits for the drawn value reads it emitted too.
  useLayoutEffect(() => onEdit(value), [value, onEdit]);
  const element = getDataType(resource.resourceType, profileUrl).elements[name] as InternalSchemaElement;
  return (
    <ElementInput
      {...elementProps(name, element, value as unknown as JsonObject)}
      onPropertyChange={setProperty}
      parentPath={resource.resourceType}
      parentType={resource.resourceType}
    />
  );
}

/**
 * One element of `resource` as the form shows it (the element named as in the schema:
 * 'birthDate', 'value[x]'), by the resource's first profile if it has one; `edited()` is the
 * resource with the field's edits, as the form emits it.
 */
export function renderField(resource: Resource, name: string, setup: FormSetup = {}) {
  const profileUrl = resource.meta?.profile?.[0];
  let latest = resource;
  const onEdit = (value: Resource) => {
    latest = value;
  };
  const user = userEvent.setup();
  const result = render(
    <MantineProvider env="test">
      <InputSourcesProvider sources={memorySources(setup)}>
        <FormStateContext.Provider value={{ outcome: setup.outcome, profileUrl }}>
          <FieldBed resource={resource} name={name} profileUrl={profileUrl} onEdit={onEdit} />
        </FormStateContext.Provider>
      </InputSourcesProvider>
    </MantineProvider>
  );
  return { ...result, user, retype: retyper(user), edited: () => cleanValue(latest) as Resource };
}

/** The field of the form at a FHIRPath ('Patient.telecom'), where its inputs and errors are. */
export function field(path: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-field="${path}"]`);
  if (!found) throw new Error(`No field ${path}`);
  return found;
}

/** Queries within the field at a FHIRPath. */
export const inField = (path: string) => within(field(path));
