import { Alert } from '@mantine/core';
import type { InternalSchemaElement, SlicingRules } from '@medplum/core';
import { tryGetDataType } from '@medplum/core';
import { memo, useCallback, useMemo, useState } from 'react';
import { ArrayInput } from './ArrayInput';
import {
  choiceKey,
  elementLabel,
  heldChoiceType,
  isJsonObject,
  isList,
  sliceGroups,
  sliceSeed,
  withProperty,
  type JsonObject,
} from './element-schema';
import { FieldFrame } from './FieldFrame';
import {
  fixedLength,
  isInlineType,
  isPrimitiveType,
  isSpaceSeparated,
  layoutFields,
  optionList,
} from './field-rules';
import { useFormState } from './form-state';
import { useInputSources, type InputSources } from './InputSources';
import classes from './inputs.module.css';
import { OptionSelect } from './OptionSelect';
import { CODED, TypedInput, type Change, type TypedInputProps } from './TypedInput';
import { WordsInput } from './WordsInput';

/*
 * The recursive part of the form: an element (one property of a resource or data type) becomes a
 * labelled field holding one typed input (TypedInput picks it by type) or a list of them; a
 * complex type becomes its sub-fields, laid out from its schema. These components call each
 * other, so they live in one module.
 */

export type { Change };

/** Changes one property of the object being edited. */
export type PropertyChange = (key: string, update: (previous: unknown) => unknown) => void;

export interface ElementInputProps {
  /** The element's name in the schema: 'birthDate', 'deceased[x]'. */
  name: string;
  element: InternalSchemaElement;
  /** The property's value (for a choice element, the value of the type held). */
  value: unknown;
  /** For a choice element: the type its parent holds a value for. */
  heldType?: string;
  onPropertyChange: PropertyChange;
  /** The parent's FHIRPath ('Patient', 'Patient.contact'). */
  parentPath: string;
  /** The type the element belongs to ('Patient', 'ContactPoint'): it names the element's input rules. */
  parentType: string;
  /**
   * Shows the element as an 'Add …' button while it is empty, optional, single and made of
   * sub-fields: an item already filled in shows what it holds, not every part it could have.
   */
  folded?: boolean;
}

/**
 * The element with its path as the type's definition names it ('ContactPoint.system'), which the
 * option lists and layouts are keyed by: the library's built-in base types carry only the element's
 * own name there.
 */
function useRulesPath(element: InternalSchemaElement, parentType: string, name: string) {
  return useMemo(
    () => (element.path.includes('.') ? element : { ...element, path: `${parentType}.${name}` }),
    [element, parentType, name]
  );
}

/** Each property of `object` as an ElementInput's props, by element name. */
export function elementProps(name: string, element: InternalSchemaElement, object: JsonObject) {
  const heldType = element.type.length > 1 ? heldChoiceType(name, element, object) : undefined;
  return { name, element, heldType, value: object[heldType ? choiceKey(name, heldType) : name] };
}

/**
 * One property as a labelled field; a choice element ([x]) adds a type selector. Memoised: an
 * edit re-renders only the fields along its path.
 */
export const ElementInput = memo(function ElementInput(props: ElementInputProps) {
  const { name, value, heldType, onPropertyChange, parentPath, parentType, folded } = props;
  const element = useRulesPath(props.element, parentType, name);
  const [chosenType, setChosenType] = useState<string>();
  const [unfolded, setUnfolded] = useState(false);
  const choice = element.type.length > 1;
  const typeCode = choice
    ? (heldType ?? chosenType ?? element.type[0]?.code ?? 'string')
    : (element.type[0]?.code ?? 'string');
  const key = choice ? choiceKey(name, typeCode) : name;
  const label = elementLabel(name);
  const path = `${parentPath}.${key}`;
  // A choice keeps the type being edited while its value is emptied (or typed unreadably), so the
  // input and its text stay where the user types.
  const change: Change = useCallback(
    (update) => {
      if (choice) setChosenType(typeCode);
      onPropertyChange(key, update);
    },
    [onPropertyChange, key, choice, typeCode]
  );
  const setValue = (next: unknown) => change(() => next);
  const required = element.min > 0;
  if (folded && !unfolded && value === undefined && !required && !choice && hasSubFields(element, typeCode)) {
    return (
      <div data-field={path}>
        <button
          type="button"
          className={`${classes.textButton} ${classes.subtle}`}
          onClick={() => setUnfolded(true)}
        >
          {`Add ${label}`}
        </button>
      </div>
    );
  }
  return (
    <FieldFrame label={label} required={required} path={path}>
      {(id) => (
        <div className={classes.row}>
          {choice && (
            <OptionSelect
              ariaLabel={`${label} type`}
              w={150}
              clearable={false}
              options={element.type.map((type) => type.code)}
              value={typeCode}
              onChange={(code) => {
                if (!code || code === typeCode) return;
                setChosenType(code);
                change(() => undefined);
              }}
            />
          )}
          <div className={classes.grow}>
            {isList(element) ? (
              <ListInput
                {...{ id, label, element, typeCode, path }}
                values={Array.isArray(value) ? value : []}
                onChange={(values) => setValue(values.length ? values : undefined)}
              />
            ) : (
              <ValueInput {...{ id, label, element, typeCode, path, value, required }} onChange={change} />
            )}
          </div>
        </div>
      )}
    </FieldFrame>
  );
});

interface ListInputProps {
  id: string;
  label: string;
  element: InternalSchemaElement;
  typeCode: string;
  values: unknown[];
  onChange: (values: unknown[]) => void;
  path: string;
}

/** A list element: space-separated words, a fixed number of lines, slices, or add and remove. */
function ListInput(props: ListInputProps) {
  const { id, label, element, typeCode, values, onChange, path } = props;
  if (isSpaceSeparated(element.path)) {
    return <WordsInput id={id} label={label} values={values} onChange={onChange} />;
  }
  const lines = fixedLength(element.path);
  if (lines) {
    return (
      <div className={classes.list}>
        {Array.from({ length: lines }, (_, index) => (
          <ValueInput
            key={index}
            {...{ element, typeCode, path }}
            id={index === 0 ? id : `${id}-${index}`}
            label={`${label} ${index + 1}`}
            value={values[index]}
            onChange={(update) =>
              onChange(
                Object.assign(Array.from({ length: lines }), values, { [index]: update(values[index]) })
              )
            }
          />
        ))}
      </div>
    );
  }
  if (element.slicing?.slices.length) return <SlicedListInput {...props} slicing={element.slicing} />;
  return (
    <ArrayInput
      label={label}
      values={values}
      min={element.min}
      max={element.max}
      onChange={onChange}
      renderItem={(value, change, index) => (
        <ValueInput
          {...{ label, element, typeCode, path, value }}
          id={index === 0 ? id : undefined}
          onChange={(update) => change(update(value))}
        />
      )}
    />
  );
}

/** A sliced list: one group per slice, padded to the slice's minimum, then the other items. */
function SlicedListInput(props: ListInputProps & { slicing: SlicingRules }) {
  const { id, label, element, typeCode, values, onChange, path, slicing } = props;
  const { profileUrl } = useFormState();
  const groups = sliceGroups(values, element, slicing, profileUrl);
  const replace = (at: number, items: unknown[]) =>
    onChange(groups.flatMap((group, index) => (index === at ? items : group.items)));
  return (
    <div className={classes.stack}>
      {groups.map(({ slice, items }, at) => (
        <div key={slice?.name ?? ''} className={classes.list}>
          {slice && (
            <div className={classes.sliceName}>
              {slice.name}
              {slice.min > 0 && <span className={classes.required}>{' *'}</span>}
            </div>
          )}
          <ArrayInput
            label={slice ? `${label} ${slice.name}` : label}
            values={items}
            min={slice?.min ?? 0}
            max={slice?.max ?? element.max}
            blank={slice ? sliceSeed(slice) : undefined}
            onChange={(next) => replace(at, next)}
            renderItem={(value, change, index) => (
              <ValueInput
                {...{ path, value }}
                id={at === 0 && index === 0 ? id : undefined}
                label={slice ? `${label} ${slice.name}` : label}
                element={slice ?? element}
                typeCode={slice?.type[0]?.code ?? typeCode}
                onChange={(update) => change(update(value))}
              />
            )}
          />
        </div>
      ))}
    </div>
  );
}

/** Whether a single value of the element is edited as several sub-fields (not one input). */
function hasSubFields(element: InternalSchemaElement, typeCode: string): boolean {
  if (isList(element) || isPrimitiveType(typeCode) || optionList(element.path)) return false;
  if (element.binding?.valueSet && CODED.has(typeCode)) return false;
  return typeCode !== 'Reference' && typeCode !== 'Timing';
}

type ValueInputProps = Omit<TypedInputProps, 'subFields'> & { path: string };

/** One value: its type's input, with its sub-fields at this path for a complex type. */
function ValueInput({ path, ...props }: ValueInputProps) {
  const { typeCode, value, onChange } = props;
  return (
    <TypedInput
      {...props}
      subFields={() => <ComplexInput typeCode={typeCode} value={value} onChange={onChange} path={path} />}
    />
  );
}

/** Parts a data type fills in by itself when edited. */
function withTypeDefaults(typeCode: string, value: JsonObject, sources: InputSources): JsonObject {
  // A note written here is authored by the signed-in user.
  if (
    typeCode === 'Annotation' &&
    value.text &&
    !value.authorReference &&
    !value.authorString &&
    sources.profile
  ) {
    return { ...value, authorReference: sources.profile };
  }
  return value;
}

/** A complex value as its sub-fields, laid out from the data type's schema. */
function ComplexInput({
  typeCode,
  value,
  onChange,
  path,
}: Pick<ValueInputProps, 'typeCode' | 'value' | 'onChange' | 'path'>) {
  const sources = useInputSources();
  const schema = tryGetDataType(typeCode);
  const setProperty: PropertyChange = useCallback(
    (key, update) =>
      onChange((previous) => {
        const object = isJsonObject(previous) ? previous : {};
        return withTypeDefaults(typeCode, withProperty(object, key, update(object[key])), sources);
      }),
    [onChange, typeCode, sources]
  );
  if (!schema) {
    return (
      <Alert color="red" variant="light" p="xs">
        {`No schema for ${typeCode}`}
      </Alert>
    );
  }
  const object = isJsonObject(value) ? value : {};
  const fields = layoutFields(typeCode, Object.keys(schema.elements));
  const filled = Object.keys(object).length > 0;
  const children = fields.map((name) => (
    <ElementInput
      key={name}
      {...elementProps(name, schema.elements[name] as InternalSchemaElement, object)}
      onPropertyChange={setProperty}
      parentPath={path}
      parentType={typeCode}
      folded={filled}
    />
  ));
  if (isInlineType(typeCode)) return <div className={classes.inline}>{children}</div>;
  return <div className={`${classes.stack} ${classes.nested}`}>{children}</div>;
}
