import { Select, type ComboboxItem } from '@mantine/core';
import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import { useCallback, useMemo, useState } from 'react';
import { formatCoding } from '../format/concept';
import { DeferredSelect } from './DeferredSelect';
import { useInputSources } from './InputSources';
import { useAsyncList } from './use-async-list';
import { useFieldError } from './field-error';

/** What the chosen code is stored as. */
export type CodedShape = 'code' | 'Coding' | 'CodeableConcept';

export interface CodeSelectProps {
  shape: CodedShape;
  id?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The bound ValueSet's canonical URL. */
  valueSet: string;
  required?: boolean;
  ariaLabel?: string;
}

const codingKey = (coding: Coding): string => `${coding.system ?? ''}|${coding.code ?? ''}`;

/** The coding a stored value holds, whatever its shape. */
function heldCoding(shape: CodedShape, value: unknown): Coding | undefined {
  if (value === undefined || value === null) return undefined;
  if (shape === 'code') return { code: String(value) };
  if (shape === 'Coding') return value as Coding;
  return (value as CodeableConcept).coding?.[0];
}

/** The value to store for a chosen coding (undefined: cleared), keeping a concept's other parts. */
function storedValue(shape: CodedShape, coding: Coding | undefined, previous: unknown): unknown {
  if (shape === 'code') return coding?.code;
  if (shape === 'Coding') return coding;
  const concept = { ...(previous as CodeableConcept | undefined) };
  if (!coding) return undefined;
  return { ...concept, coding: [coding], text: coding.display ?? concept.text };
}

const codingLabel = (shape: CodedShape, coding: Coding): string =>
  shape === 'code' ? (coding.code ?? '') : formatCoding(coding) || (coding.code ?? '');

/**
 * A code, Coding or CodeableConcept picked from the codes of its bound ValueSet, searched as the
 * user types; the ValueSet is expanded only once the user opens the field.
 */
export function CodeSelect(props: CodeSelectProps) {
  const current = heldCoding(props.shape, props.value);
  return (
    <DeferredSelect
      id={props.id}
      ariaLabel={props.ariaLabel}
      required={props.required}
      shown={current ? codingLabel(props.shape, current) : ''}
    >
      {(opened) => <OpenCodeSelect {...props} opened={opened} />}
    </DeferredSelect>
  );
}

function OpenCodeSelect({
  shape,
  id,
  value,
  onChange,
  valueSet,
  required,
  ariaLabel,
  opened,
}: CodeSelectProps & { opened: boolean }) {
  const { expandValueSet } = useInputSources();
  const fieldError = useFieldError(id);
  const [search, setSearch] = useState('');
  const { items: found } = useAsyncList(
    useCallback(() => expandValueSet(valueSet, search), [expandValueSet, valueSet, search])
  );
  const current = heldCoding(shape, value);

  const codings = useMemo(() => {
    const all =
      current && !found.some((coding) => codingKey(coding) === codingKey(current))
        ? [current, ...found]
        : found;
    return new Map(all.map((coding) => [codingKey(coding), coding]));
  }, [found, current]);

  const data: ComboboxItem[] = [...codings].map(([key, coding]) => ({
    value: key,
    label: codingLabel(shape, coding),
  }));

  return (
    <Select
      {...{ id, required, data }}
      {...fieldError}
      aria-label={ariaLabel}
      autoFocus
      defaultDropdownOpened={opened}
      value={current ? codingKey(current) : null}
      onChange={(key) => onChange(storedValue(shape, key ? codings.get(key) : undefined, value))}
      searchable
      clearable
      onSearchChange={setSearch}
      // A ValueSet's codes are already filtered by the server's expansion.
      filter={({ options }) => options}
      nothingFoundMessage="Nothing found..."
    />
  );
}
