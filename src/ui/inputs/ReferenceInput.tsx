import { Select } from '@mantine/core';
import type { Reference } from '@medplum/fhirtypes';
import { useCallback, useMemo, useState } from 'react';
import { formatReference } from '../format/identifier';
import { DeferredSelect } from './DeferredSelect';
import type { ValueInputProps } from './input-props';
import { useInputSources } from './InputSources';
import classes from './inputs.module.css';
import { OptionSelect } from './OptionSelect';
import { useAsyncList } from './use-async-list';
import { useFieldError } from './field-error';

export interface ReferenceInputProps extends ValueInputProps<Reference> {
  /** The resource types the reference may point at; empty or 'Resource': any, typed by hand. */
  targetTypes: readonly string[];
  /**
   * Draws the search at once and searches straight away, as a short form does; by default it is
   * drawn (and searched) only once the user opens the field, as a long form needs.
   */
  eager?: boolean;
}

/**
 * A reference picked by searching its target types as the user types (the data sources answer at
 * most 10, and a refused search shows its reason); with several target types the user chooses
 * which to search.
 */
export function ReferenceInput(props: ReferenceInputProps) {
  const { id, targetTypes, value, onChange, required, ariaLabel } = props;
  const fieldError = useFieldError(id);
  if (targetTypes.length === 0 || targetTypes.includes('Resource')) {
    return (
      <input
        {...{ id, required }}
        {...fieldError}
        aria-label={ariaLabel}
        className={classes.input}
        placeholder="ResourceType/id"
        value={value?.reference ?? ''}
        onChange={(event) => onChange({ ...value, reference: event.currentTarget.value })}
      />
    );
  }
  return <ReferenceSearch {...props} />;
}

function ReferenceSearch({ targetTypes, eager, ...props }: ReferenceInputProps) {
  const { id, value, required, ariaLabel } = props;
  const heldType = value?.reference?.split('/')[0];
  const [chosenType, setChosenType] = useState(
    heldType && targetTypes.includes(heldType) ? heldType : targetTypes[0]
  );
  const search = (opened: boolean) => (
    <OpenReferenceSelect {...props} opened={opened} focus={!eager} targetType={chosenType} />
  );
  return (
    <div className={classes.row}>
      {targetTypes.length > 1 && (
        <OptionSelect
          ariaLabel={`${ariaLabel ?? 'Reference'} resource type`}
          options={targetTypes}
          value={chosenType}
          onChange={(type) => type && setChosenType(type)}
          clearable={false}
          w={170}
        />
      )}
      <div className={classes.grow}>
        {eager ? (
          search(false)
        ) : (
          <DeferredSelect
            {...{ id, ariaLabel, required }}
            shown={value?.reference ? formatReference(value) : ''}
          >
            {search}
          </DeferredSelect>
        )}
      </div>
    </div>
  );
}

interface OpenReferenceSelectProps extends ValueInputProps<Reference> {
  targetType: string | undefined;
  /** Starts with the option list open (a pointer opened the field). */
  opened: boolean;
  /** Takes the focus as it is drawn (it replaces the field the user opened). */
  focus: boolean;
}

/** The search itself: its target type is searched for what the user types. */
function OpenReferenceSelect(props: OpenReferenceSelectProps) {
  const { id, targetType, value, onChange, required, ariaLabel, opened, focus } = props;
  const { searchReferences } = useInputSources();
  const fieldError = useFieldError(id);
  const [text, setText] = useState('');
  const { items: found, error } = useAsyncList(
    useCallback(
      () => (targetType ? searchReferences([targetType], text) : Promise.resolve([])),
      [searchReferences, targetType, text]
    )
  );

  const byKey = useMemo(() => {
    const all =
      value?.reference && !found.some((r) => r.reference === value.reference) ? [value, ...found] : found;
    return new Map(all.filter((r) => r.reference).map((r) => [r.reference as string, r]));
  }, [value, found]);

  return (
    <Select
      id={id}
      {...fieldError}
      aria-label={ariaLabel}
      required={required}
      autoFocus={focus}
      defaultDropdownOpened={opened}
      data={[...byKey].map(([key, reference]) => ({ value: key, label: formatReference(reference) }))}
      value={value?.reference ?? null}
      onChange={(key) => onChange(key ? byKey.get(key) : undefined)}
      error={error}
      searchable
      clearable
      onSearchChange={setText}
      // The data sources already matched the typed text by the type's name-like parameter.
      filter={({ options }) => options}
      nothingFoundMessage="Nothing found..."
    />
  );
}
