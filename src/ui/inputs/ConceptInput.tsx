import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import type { ChangeEvent } from 'react';
import { ArrayInput } from './ArrayInput';
import { CodeSelect } from './CodeSelect';
import classes from './inputs.module.css';

export interface ConceptInputProps {
  id?: string;
  ariaLabel?: string;
  value: CodeableConcept | undefined;
  onChange: (value: CodeableConcept | undefined) => void;
  /** The bound ValueSet's canonical URL: every coding is picked from it. */
  valueSet: string;
  required?: boolean;
}

/**
 * A CodeableConcept from its bound ValueSet: each of its codings picked from the ValueSet (one
 * shown even when there is none yet, more added or removed), and its text, which follows the first
 * coding's display unless the user wrote their own.
 */
export function ConceptInput({ id, ariaLabel, value, onChange, valueSet, required }: ConceptInputProps) {
  const codings = value?.coding ?? [];
  const label = ariaLabel ?? 'Concept';
  const setCodings = (next: unknown[]) => {
    const list = next as (Coding | undefined)[];
    const before = codings[0]?.display;
    const first = list[0]?.display;
    const followsCoding = !value?.text || value.text === before;
    const text = followsCoding && first !== before ? (first ?? value?.text) : value?.text;
    onChange({ ...value, coding: list.length ? (list as Coding[]) : undefined, text });
  };
  return (
    <div className={classes.list}>
      <ArrayInput
        label={`${label} Coding`}
        values={codings}
        min={1}
        max={Number.POSITIVE_INFINITY}
        onChange={setCodings}
        renderItem={(coding, change, index) => (
          <CodeSelect
            shape="Coding"
            id={index === 0 ? id : undefined}
            ariaLabel={index === 0 ? label : `${label} ${index + 1}`}
            required={required && index === 0}
            valueSet={valueSet}
            value={coding}
            onChange={change}
          />
        )}
      />
      <input
        className={classes.input}
        aria-label={`${label} Text`}
        placeholder="Text"
        value={value?.text ?? ''}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          onChange({ ...value, text: event.currentTarget.value })
        }
      />
    </div>
  );
}
