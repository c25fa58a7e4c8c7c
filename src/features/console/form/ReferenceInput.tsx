import { Group, Select, TextInput } from '@mantine/core';
import type { Reference } from '@medplum/fhirtypes';
import { useEffect, useMemo, useState } from 'react';
import { formatReference } from '@/ui';
import { useFormDataSources } from './FormDataSources';
import { OptionSelect } from './OptionSelect';

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
export function ReferenceInput({
  id,
  targetTypes,
  value,
  onChange,
  required,
  ariaLabel,
}: ReferenceInputProps) {
  const anyType = targetTypes.length === 0 || targetTypes.includes('Resource');
  if (anyType) {
    return (
      <TextInput
        id={id}
        aria-label={ariaLabel}
        required={required}
        placeholder="ResourceType/id"
        value={value?.reference ?? ''}
        onChange={(event) => onChange({ ...value, reference: event.currentTarget.value })}
      />
    );
  }
  return (
    <ReferenceSearch
      id={id}
      targetTypes={targetTypes}
      value={value}
      onChange={onChange}
      required={required}
      ariaLabel={ariaLabel}
    />
  );
}

function ReferenceSearch({ id, targetTypes, value, onChange, required, ariaLabel }: ReferenceInputProps) {
  const { searchReferences } = useFormDataSources();
  const heldType = value?.reference?.split('/')[0];
  const [chosenType, setChosenType] = useState(
    heldType && targetTypes.includes(heldType) ? heldType : targetTypes[0]
  );
  const [text, setText] = useState('');
  const [found, setFound] = useState<Reference[]>([]);

  useEffect(() => {
    if (!chosenType) return;
    let live = true;
    searchReferences([chosenType], text).then(
      (references) => live && setFound(references),
      () => live && setFound([])
    );
    return () => {
      live = false;
    };
  }, [searchReferences, chosenType, text]);

  const byKey = useMemo(() => {
    const all =
      value?.reference && !found.some((r) => r.reference === value.reference) ? [value, ...found] : found;
    return new Map(all.filter((r) => r.reference).map((r) => [r.reference as string, r]));
  }, [value, found]);

  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
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
      <Select
        id={id}
        aria-label={ariaLabel}
        required={required}
        style={{ flex: 1 }}
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
    </Group>
  );
}
