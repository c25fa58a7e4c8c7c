import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { isProfileLoaded, tryGetDataType } from '@medplum/core';
import type { InternalSchemaElement } from '@medplum/core';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { useEffect, useMemo, type FormEvent } from 'react';
import { asksToConfirm, outcomeText, SaveAnyway } from '@/ui';
import {
  cleanValue,
  ElementInput,
  elementProps,
  FormStateContext,
  hasInputErrors,
  inputClasses,
  RESOURCE_HIDDEN,
  useEditedResource,
  type JsonObject,
} from '@/ui/inputs';

export interface ResourceFormProps {
  defaultValue: Resource;
  /**
   * Called with the edited resource as valid FHIR (no empty values); `acceptWarnings` when the user
   * saves anyway over the warnings of the last save.
   */
  onSubmit: (resource: Resource, options?: { acceptWarnings?: boolean }) => void;
  /** Shows the Delete button. */
  onDelete?: () => void;
  /** The server's answer to the last save: its issues show under their fields and at the top. */
  outcome?: OperationOutcome;
  /** A save is under way: OK shows it and waits. */
  submitting?: boolean;
  /** Called with the edited resource (as the form holds it) after each change the user makes. */
  onChange?: (resource: Resource) => void;
}

/**
 * A form for any resource, laid out from its type's schema (and its first loaded profile). The
 * caller indexes the StructureDefinitions of the type and its element types before rendering it.
 */
export function ResourceForm({
  defaultValue,
  onSubmit,
  onDelete,
  outcome,
  submitting,
  onChange,
}: ResourceFormProps) {
  const { value, setProperty } = useEditedResource(defaultValue);
  // Only the user's edits are reported: the value the form opened on (or was reset to) is not.
  useEffect(() => {
    if (value !== defaultValue) onChange?.(value);
  }, [value, defaultValue, onChange]);
  const profiles = value.meta?.profile;
  const state = useMemo(
    () => ({ outcome, profileUrl: profiles?.find((url) => isProfileLoaded(url)) }),
    [outcome, profiles]
  );
  const schema = tryGetDataType(value.resourceType, state.profileUrl);

  if (!schema) {
    return <Alert color="red" title="Error">{`No schema for ${value.resourceType}`}</Alert>;
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A field whose text is not a value (an unreadable number) keeps the form from saving.
    if (hasInputErrors(event.currentTarget)) return;
    // resourceType is never empty, so something is always left.
    onSubmit(cleanValue(value) as Resource);
  };
  const fields = Object.keys(schema.elements).filter((name) => !RESOURCE_HIDDEN.has(name));
  return (
    <FormStateContext.Provider value={state}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={`${value.resourceType} form`}
        className={inputClasses.touch}
      >
        <Stack gap="sm">
          <SaveAnyway
            outcome={outcome}
            busy={submitting}
            onSaveAnyway={() => onSubmit(cleanValue(value) as Resource, { acceptWarnings: true })}
          />
          {outcome && !asksToConfirm(outcome) && (
            <Alert color="red" title="Error" role="alert">
              {outcomeText(outcome)}
            </Alert>
          )}
          <Group grow>
            <TextInput label="Resource Type" value={value.resourceType} disabled />
            <TextInput label="ID" value={value.id ?? ''} disabled />
          </Group>
          {fields.map((name) => (
            <ElementInput
              key={name}
              {...elementProps(
                name,
                schema.elements[name] as InternalSchemaElement,
                value as unknown as JsonObject
              )}
              onPropertyChange={setProperty}
              parentPath={value.resourceType}
              parentType={value.resourceType}
            />
          ))}
          <Group justify="flex-end">
            {onDelete && (
              <Button color="red" variant="outline" onClick={onDelete} disabled={submitting}>
                Delete
              </Button>
            )}
            <Button type="submit" loading={submitting}>
              OK
            </Button>
          </Group>
        </Stack>
      </form>
    </FormStateContext.Provider>
  );
}
