import type { InternalSchemaElement } from '@medplum/core';
import type { ReactNode } from 'react';
import { AttachmentInput } from './AttachmentInput';
import { BooleanInput } from './BooleanInput';
import { CodeSelect, type CodedShape } from './CodeSelect';
import { ConceptInput } from './ConceptInput';
import { DateInput } from './DateInput';
import { DateTimeInput } from './DateTimeInput';
import { isPrimitiveType, optionList } from './field-rules';
import classes from './inputs.module.css';
import { NumberInput } from './NumberInput';
import { OptionSelect } from './OptionSelect';
import { ReferenceInput } from './ReferenceInput';
import { targetTypeName } from './reference-search';
import { TextAreaInput } from './TextAreaInput';
import { TextInput } from './TextInput';
import { TimeInput } from './TimeInput';
import { TimingInput } from './TimingInput';

/** Replaces a value by what `update` makes of the latest one (so callbacks can stay stable). */
export type Change = (update: (previous: unknown) => unknown) => void;

export interface TypedInputProps {
  id?: string;
  label: string;
  /** What the input reads from the definition: bindings, reference targets, option lists. */
  element: Pick<InternalSchemaElement, 'path' | 'type' | 'binding'>;
  /** The FHIR type of the value: 'string', 'dateTime', 'Reference', 'HumanName', ... */
  typeCode: string;
  value: unknown;
  onChange: Change;
  required?: boolean;
  /** The value's sub-fields, laid out from its type's schema: complex types without an input of their own. */
  subFields: () => ReactNode;
}

/** The coded types whose choices come from their bound ValueSet. */
export const CODED = new Set(['code', 'Coding', 'CodeableConcept']);

/**
 * The input for one value, chosen by its type: a fixed option list or a bound ValueSet first, then
 * the input of each type; other primitives are text, and any other type is edited as its
 * sub-fields. A new input kind is one file and one entry here.
 */
export function TypedInput({
  id,
  label,
  element,
  typeCode,
  value,
  onChange,
  required,
  subFields,
}: TypedInputProps) {
  // What every input of a single value takes; `never` lets each input read the value as its type.
  const leaf = {
    id,
    ariaLabel: label,
    required,
    value: value as never,
    onChange: (next: unknown) => onChange(() => next),
  };
  const options = optionList(element.path);
  const valueSet = element.binding?.valueSet;
  if (options) return <OptionSelect options={options} {...leaf} />;
  if (valueSet && typeCode === 'CodeableConcept') return <ConceptInput valueSet={valueSet} {...leaf} />;
  if (valueSet && CODED.has(typeCode)) {
    return <CodeSelect shape={typeCode as CodedShape} valueSet={valueSet} {...leaf} />;
  }
  switch (typeCode) {
    case 'markdown':
    case 'base64Binary':
      return <TextAreaInput {...leaf} />;
    case 'decimal':
    case 'integer':
    case 'integer64':
    case 'positiveInt':
    case 'unsignedInt':
      return <NumberInput type={typeCode} {...leaf} />;
    case 'boolean':
      return <BooleanInput {...leaf} />;
    case 'date':
      return <DateInput {...leaf} />;
    case 'dateTime':
    case 'instant':
      return <DateTimeInput {...leaf} />;
    case 'time':
      return <TimeInput {...leaf} />;
    case 'Reference': {
      const targets = element.type.find((type) => type.code === 'Reference')?.targetProfile ?? [];
      return <ReferenceInput targetTypes={targets.map(targetTypeName)} {...leaf} />;
    }
    case 'Timing':
      return <TimingInput {...leaf} />;
    case 'Attachment':
      return (
        <div className={classes.list}>
          <AttachmentInput ariaLabel={label} value={leaf.value} onChange={leaf.onChange} />
          {subFields()}
        </div>
      );
    default:
      // The other primitives (string, code, uri, id, ...) are typed as text.
      return isPrimitiveType(typeCode) ? <TextInput {...leaf} /> : subFields();
  }
}
