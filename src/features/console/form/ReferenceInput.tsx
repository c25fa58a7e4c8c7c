import { Select } from '@mantine/core';
import type { Reference } from '@medplum/fhirtypes';
import { useCallback, useMemo, useState } from 'react';
import { formatReference } from '@/ui';
import { DeferredSelect } from './DeferredSelect';
import classes from './form.module.css';
import { useFormDataSources } from './FormDataSources';
import { OptionSelect } from './OptionSelect';
import { useAsyncList } from './use-async-list';

export interface ReferenceInputProps {
  id?: string;
  /** The resource types the reference may point at; empty or 'Resource': any, typed by hand. */
  targetTypes: readonly string[];
  value: Reference | undefined;
  onChange: (value: Reference | undefined) => void;
  required?: boolean;
  ariaLabel?: string;
}

/**
 * A reference picked by searching its target types as the user types (the data sources answer at
 * most 10); with several target types the user chooses which to search.
 */
export function ReferenceInput(props: ReferenceInputProps) {
  const { id, targetTypes, value, onChange, required, ariaLabel } = props;
  if (targetTypes.length === 0 || targetTypes.includes('Resource')) {
    return (
      <input
        {...{ id, required }}
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

function ReferenceSearch({ id, targetTypes, value, onChange, required, ariaLabel }: ReferenceInputProps) {
  const heldType = value?.reference?.split('/')[0];
  const [chosenType, setChosenType] = useState(
    heldType && targetTypes.includes(heldType) ? heldType : targetTypes[0]
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
        <DeferredSelect
          {...{ id, ariaLabel, required }}
          shown={value?.reference ? formatReference(value) : ''}
        >
          {(opened) => (
            <OpenReferenceSelect
              {...{ id, value, onChange, required, ariaLabel, opened }}
              targetType={chosenType}
            />
          )}
        </DeferredSelect>
      </div>
    </div>
  );
}

interface OpenReferenceSelectProps extends Omit<ReferenceInputProps, 'targetTypes'> {
  targetType: string | undefined;
  opened: boolean;
}

/** The search itself, drawn once the user opens the field: only then are its targets searched. */
function OpenReferenceSelect(props: OpenReferenceSelectProps) {
  const { id, targetType, value, onChange, required, ariaLabel, opened } = props;
  const { searchReferences } = useFormDataSources();
  const [text, setText] = useState('');
  const found = useAsyncList(
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
      aria-label={ariaLabel}
      required={required}
      autoFocus
      defaultDropdownOpened={opened}
      data={[...byKey].map(([key, reference]) => ({ value: key, label: formatReference(reference) }))}
      value={value?.reference ?? null}
      onChange={(key) => onChange(key ? byKey.get(key) : undefined)}
      searchable
      clearable
      onSearchChange={setText}
      // The data sources already matched the typed text by the type's name-like parameter.
      filter={({ options }) => options}
      nothingFoundMessage="Nothing found..."
    />
  );
}
