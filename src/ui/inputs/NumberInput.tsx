import { useEffect, useRef, useState } from 'react';
import type { ValueInputProps } from './input-props';
import { NativeInput } from './NativeInput';
import classes from './inputs.module.css';

/** How each FHIR number type is typed in: integers are whole, decimals any; the smallest allowed. */
const NUMBER_RULES: Record<string, { whole: boolean; min?: number }> = {
  decimal: { whole: false },
  integer: { whole: true },
  integer64: { whole: true },
  positiveInt: { whole: true, min: 1 },
  unsignedInt: { whole: true, min: 0 },
};

/** A plain decimal number: optional sign, digits with at most one point, optional exponent. */
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** What typed text is: a number, no value (empty), or an error to show where it was typed. */
export type NumberReading = { value: number | undefined; error?: undefined } | { error: string };

/**
 * Reads typed text strictly: a second point ('12.5.3'), a comma ('1,5' — a point is the one decimal
 * mark, so '1,5' is neither 1.5 nor 15), a number too large for a double ('1e400'), a fraction
 * where a whole number is due and a number under the type's minimum are errors, never a guess; an
 * empty text is no value, or an error when the field is required.
 */
export function readNumber(text: string, type: string, required = false): NumberReading {
  const rule = NUMBER_RULES[type] ?? { whole: false };
  const typed = text.trim();
  if (typed === '') return required ? { error: 'Required' } : { value: undefined };
  if (typed.includes(',')) return { error: 'Use a point for decimals (1.5), not a comma' };
  if (!NUMBER_TEXT.test(typed)) return { error: 'Not a number' };
  const number = Number(typed);
  if (!Number.isFinite(number)) return { error: 'Too large a number' };
  if (rule.whole && !Number.isInteger(number)) return { error: 'Must be a whole number' };
  if (rule.whole && !Number.isSafeInteger(number)) return { error: 'Too large a number' };
  if (rule.min !== undefined && number < rule.min) return { error: `Must be at least ${rule.min}` };
  return { value: number };
}

/** A typed number as the element's value; anything not read as a number is no value. */
export function toFhirNumber(text: string, type: string): number | undefined {
  const reading = readNumber(text, type);
  return reading.error === undefined ? reading.value : undefined;
}

/** True when a field inside `root` shows text that is not a value: its form must not be saved. */
export function hasInputErrors(root: Element): boolean {
  return root.querySelector('[data-input-error]') !== null;
}

export interface NumberInputProps extends ValueInputProps<number> {
  /** The FHIR type: 'decimal', 'integer', 'positiveInt', ... */
  type: string;
}

const textOf = (value: number | undefined | null): string =>
  value === undefined || value === null ? '' : String(value);

/**
 * A number of its FHIR type. The text typed stays as typed; when it is not a number of the type the
 * error shows under it, the element holds no value, and the form around it cannot be saved.
 */
export function NumberInput({ type, value, onChange, required, ...rest }: NumberInputProps) {
  const held = value ?? undefined;
  const [text, setText] = useState(() => textOf(held));
  const [touched, setTouched] = useState(false);
  // The value this input last gave: any other value held came from outside, and replaces the text.
  const [given, setGiven] = useState(held);
  if (held !== given) {
    setGiven(held);
    setText(textOf(held));
  }
  const reading = readNumber(text, type, required);
  // A required field left empty is an error once the user has emptied it, not before.
  const error = reading.error !== undefined && (touched || text !== '') ? reading.error : undefined;
  const rule = NUMBER_RULES[type] ?? { whole: false };
  const ownErrorId = rest.id ? `${rest.id}-number-error` : undefined;
  // The browser's own form check refuses the text too, so any form that runs it cannot submit.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.setCustomValidity(reading.error && text !== '' ? reading.error : ''));
  const change = (typed: string) => {
    const read = readNumber(typed, type, required);
    const next = read.error === undefined ? read.value : undefined;
    setText(typed);
    setTouched(true);
    setGiven(next);
    onChange(next);
  };
  return (
    <>
      <NativeInput
        {...rest}
        ref={input}
        required={required}
        type="text"
        inputMode={rule.min !== undefined ? 'numeric' : 'decimal'}
        value={text}
        onChange={change}
        // Its own error (a text that is no number) describes it; otherwise its field's error does.
        {...(error ? { 'aria-invalid': true, 'aria-describedby': ownErrorId } : {})}
        data-input-error={error ? '' : undefined}
      />
      {error && (
        <div id={ownErrorId} className={classes.error} role="alert">
          {error}
        </div>
      )}
    </>
  );
}
